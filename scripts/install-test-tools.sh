#!/usr/bin/env bash
# Installs the command-line tools the tests drive for real, from Debian's packages, when they are missing:
#   skopeo                      pushes hand-built OCI images to a test registry and reads their digests back
#   docker-registry             a real OCI distribution registry on loopback (binary /usr/bin/docker-registry)
#   htpasswd (apache2-utils)    the bcrypt password file of the registry's basic-auth tests
#   openssl                     the signing certificate of the registry's token-auth tests (normally preinstalled)
#   kubectl (kubernetes-client) only when no kubectl is there at all (another install, e.g. a cloud SDK's, is kept)
#   cmark-gfm                   GitHub's Markdown renderer, for the job summaries and comments the tests produce
# Idempotent: when everything is present it runs no apt-get at all and only prints what it found.
set -euo pipefail

# command -> Debian package
declare -A wanted=(
  [skopeo]=skopeo
  [docker-registry]=docker-registry
  [htpasswd]=apache2-utils
  [openssl]=openssl
  [kubectl]=kubernetes-client
  [cmark-gfm]=cmark-gfm
)

missing=()
for cmd in skopeo docker-registry htpasswd openssl kubectl cmark-gfm; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${wanted[$cmd]}")
done

if [ "${#missing[@]}" -gt 0 ]; then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "install-test-tools: missing ${missing[*]} and not root (no sudo to install them)" >&2
      exit 1
    fi
  fi
  echo "install-test-tools: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

present=()
for cmd in skopeo docker-registry htpasswd openssl kubectl; do
  path=$(command -v "$cmd" || true)
  if [ -z "$path" ]; then
    echo "install-test-tools: $cmd is still missing after the install" >&2
    exit 1
  fi
  present+=("$cmd=$path")
done
echo "install-test-tools: present ${present[*]}"
