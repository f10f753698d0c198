// Many environments of one cluster: the official CLI's config (`config-file` or inline `environments`), read before
// anything is sent. Errors give the place and the form, never the text (it may be any file).
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { expectedForms, patterns } from '../api/schemas/common.js';
import { compiledOr, REGEX_FORM, type Pattern } from '../context/pattern.js';
import { parseYaml, textOf } from '../context/yaml-file.js';
import { InputError } from '../errors/errors.js';
import { NAMESPACE_NAME, type NamespaceFilter } from './pods.js';

/** One environment to report, and which namespaces of the cluster are its. */
export type EnvironmentTarget = { name: string; filter: NamespaceFilter };

/** What a config file (or the inline YAML) must look like, for every error message. */
const CONFIG_FORM =
  'YAML with a list `environments`, each item a map with `name` (an environment name) and optionally `namespaces`, ' +
  '`namespacesRegex`, `excludeNamespaces`, `excludeNamespacesRegex` (lists of strings; include or exclude, not both)';

const SELECTORS = ['namespaces', 'namespacesRegex', 'excludeNamespaces', 'excludeNamespacesRegex'] as const;
type Selector = (typeof SELECTORS)[number];

/** Reads the environments of a config; `input` (and `path`) name where the text came from. */
export async function readEnvironmentsConfig(
  text: string,
  input: 'config-file' | 'environments',
  path?: string,
): Promise<EnvironmentTarget[]> {
  const { root, where, lineOf, fail } = parseYaml(text, input, path, CONFIG_FORM);
  if (!isMap(root)) return fail(root, 'the document is not a map with `environments`');
  let list: Node | null = null;
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? pair.key.value : undefined;
    if (key !== 'environments') fail(pair.key, 'a key other than `environments`');
    list = pair.value;
  }
  if (!isSeq(list) || list.items.length === 0) {
    return fail(list ?? root, '`environments` must be a list of at least one environment');
  }

  const targets: EnvironmentTarget[] = [];
  const names = new Map<string, Node | null | undefined>();
  for (const item of list.items as (Node | null)[]) {
    if (!isMap(item)) return fail(item ?? list, 'an environment must be a map with `name`');
    const fields = new Map<string, Node | null>();
    for (const pair of item.items) {
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      if (key !== 'name' && !SELECTORS.includes(key as Selector)) {
        fail(
          pair.key as Node,
          `a key other than \`name\`, ${SELECTORS.map((s) => `\`${s}\``).join(', ')} (a typo would select other namespaces)`,
        );
      }
      fields.set(key as string, pair.value as Node | null);
    }
    const nameNode = fields.get('name');
    const name = textOf(nameNode);
    if (name === undefined || !patterns.envName.test(name)) {
      return fail(
        nameNode ?? item,
        `${nameNode ? '`name` is not an environment name' : 'an environment without `name`'} (${expectedForms.envName})`,
      );
    }
    if (names.has(name)) {
      fail(nameNode, `the same \`name\` as the environment ${lineOf(names.get(name))}: each is listed once`);
    }
    names.set(name, nameNode);

    const strings = (key: Selector): { node: Node; value: string }[] => {
      const node = fields.get(key);
      // `namespaces:` with nothing after it is a null scalar: as good as absent.
      if (node === undefined || node === null || (isScalar(node) && node.value === null)) return [];
      if (!isSeq(node)) return fail(node, `\`${key}\` must be a list of strings`);
      return (node.items as (Node | null)[]).map((entry) => {
        const value = textOf(entry);
        if (entry === null || value === undefined) {
          const problem = `an item of \`${key}\` is not a string (\`${key}\` is a list of strings)`;
          return fail(entry ?? node, problem);
        }
        // As the input form trims and drops empty lines; here an empty one would match every namespace.
        if (value.trim() === '' || value.trim() !== value) {
          return fail(
            entry,
            `an item of \`${key}\` is empty or has spaces around it (an empty pattern matches every namespace)`,
          );
        }
        return { node: entry, value };
      });
    };
    const namespaceNames = (key: Selector): string[] =>
      strings(key).map(({ node, value }) => {
        if (!NAMESPACE_NAME.test(value)) {
          fail(node, `an item of \`${key}\` is not a namespace name (lowercase letters, digits and -)`);
        }
        return value;
      });
    const regexes = async (key: Selector): Promise<Pattern[]> => {
      const given = strings(key);
      if (given.length === 0) return [];
      const { compilePattern } = await import('../context/re2.js');
      return given.map(({ node, value }) =>
        compiledOr(
          () => compilePattern(value),
          (_problem, construct) =>
            new InputError(
              input,
              `${where(node)}: an item of \`${key}\` is not a usable regular expression: ${construct}`,
              REGEX_FORM,
            ),
        ),
      );
    };
    const include = namespaceNames('namespaces');
    const includeRegex = await regexes('namespacesRegex');
    const exclude = namespaceNames('excludeNamespaces');
    const excludeRegex = await regexes('excludeNamespacesRegex');
    if (include.length + includeRegex.length > 0 && exclude.length + excludeRegex.length > 0) {
      fail(item, 'an environment both includes and excludes namespaces: give one or the other');
    }
    targets.push({ name, filter: { include, includeRegex, exclude, excludeRegex } });
  }
  return targets;
}
