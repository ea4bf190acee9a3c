//! The page's binaries are split at their `#[wasm_split]` points after the build
//! (scripts/split.mjs), which needs the linker's relocations: asked for the binaries with split
//! points alone, on wasm (any other binary would keep them in its wasm).
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        // The picker's (its lobby) and each game's (its analysis).
        let games = ["dark-chess", "five-tigers", "gomoku", "connect-four", "checkers"];
        println!("cargo::rustc-link-arg-bin=board-suite=--emit-relocs");
        for game in games {
            println!("cargo::rustc-link-arg-bin=game-{game}=--emit-relocs");
        }
    }
}
