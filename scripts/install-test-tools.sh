#!/usr/bin/env bash
# Installs the command-line tools the tests drive for real, from Debian's packages, when they are missing:
#   skopeo                      pushes hand-built OCI images to a test registry and reads their digests back
#   docker-registry             a real OCI distribution registry on loopback (binary /usr/bin/docker-registry)
#   htpasswd (apache2-utils)    the bcrypt password file of the registry's basic-auth tests
#   openssl                     the signing certificate of the registry's token-auth tests (normally preinstalled)
#   kubectl (kubernetes-client) only when no kubectl is there at all (another install, e.g. a cloud SDK's, is kept)
#   cmark-gfm                   GitHub's Markdown renderer, for the job summaries and comments the tests produce
#   stress-ng                   keeps both cores busy for `npm run bench:suite`'s loaded runs
# Idempotent: when everything is present it runs no apt-get at all and only prints what it found. Where it cannot
# install (no apt-get, or neither root nor sudo: a Mac, a locked-down machine) it stops with one message that names
# each missing tool and how to get it, on Debian/Ubuntu and on macOS with Homebrew. CI always installs: no test is
# ever skipped for a missing tool.
set -euo pipefail

# Plain bash 3.2 (macOS's /bin/bash): no associative arrays, no mapfile.
tools="skopeo docker-registry htpasswd openssl kubectl cmark-gfm stress-ng"

debian_package() {
  case "$1" in
    htpasswd) echo apache2-utils ;;
    kubectl) echo kubernetes-client ;;
    *) echo "$1" ;;
  esac
}

homebrew_install() {
  case "$1" in
    docker-registry) echo 'brew install distribution && ln -s "$(brew --prefix)/bin/registry" "$(brew --prefix)/bin/docker-registry"' ;;
    htpasswd) echo 'brew install httpd' ;;
    openssl) echo 'brew install openssl@3' ;;
    *) echo "brew install $1" ;;
  esac
}

missing_tools() {
  local cmd found=''
  for cmd in $tools; do
    command -v "$cmd" >/dev/null 2>&1 || found="$found $cmd"
  done
  echo "${found# }"
}

# $1: why this script cannot install them itself; the rest: the missing tools.
explain() {
  local reason="$1" cmd packages=''
  shift
  {
    echo "install-test-tools: the tests drive these tools for real, and they are missing: $*"
    echo "install-test-tools: $reason, so this script cannot install them. Install them, then run npm test again:"
    for cmd in "$@"; do
      echo "  $cmd"
      echo "    Debian/Ubuntu:     sudo apt-get install $(debian_package "$cmd")"
      echo "    macOS (Homebrew):  $(homebrew_install "$cmd")"
      packages="$packages $(debian_package "$cmd")"
    done
    echo "install-test-tools: on Debian/Ubuntu, all at once: sudo apt-get install${packages}"
  } >&2
}

missing=$(missing_tools)

if [ -n "$missing" ]; then
  sudo=''
  reason=''
  if ! command -v apt-get >/dev/null 2>&1; then
    reason='there is no apt-get here'
  elif [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=sudo
    else
      reason='this is not root and there is no sudo'
    fi
  fi
  if [ -n "$reason" ]; then
    # shellcheck disable=SC2086 # one word per tool
    explain "$reason" $missing
    exit 1
  fi
  packages=''
  for cmd in $missing; do packages="$packages $(debian_package "$cmd")"; done
  echo "install-test-tools: installing${packages}"
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086 # sudo may be empty; one word per package
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  $sudo apt-get install -y -qq --no-install-recommends $packages >/dev/null
  still=$(missing_tools)
  if [ -n "$still" ]; then
    # shellcheck disable=SC2086
    explain 'apt-get ran but did not provide them' $still
    exit 1
  fi
fi

present=''
for cmd in $tools; do present="$present $cmd=$(command -v "$cmd")"; done
echo "install-test-tools: present${present}"
