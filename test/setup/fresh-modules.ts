/**
 * Each file starts from fresh modules of src/ and the helpers, though a worker's files share one process: state a
 * module keeps (the secrets the redactor masks, above all) never carries from one file into the next.
 */
import { vi } from 'vitest';

vi.resetModules();
