# Sourced by the scripts: puts cargo's and npm's tools on PATH.
export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
