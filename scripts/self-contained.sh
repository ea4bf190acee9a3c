#!/usr/bin/env bash
# Fails, naming the files, if any tracked file reads outside the repository: a clone of the
# project has nothing beside it. (The pattern is written so that this file does not match it.)
set -euo pipefail
cd "$(dirname "$0")/.."
outside='\.\./shared'
if files=$(git grep -l -E "$outside" -- . 2>/dev/null); then
  echo "self-contained: these tracked files refer to a folder beside the repository:" >&2
  echo "$files" >&2
  exit 1
fi
echo "self-contained: no tracked file refers outside the repository"
