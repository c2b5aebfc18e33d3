//! The adopted shopping list in a real terminal (crossterm events, the
//! wall clock). Tab moves between the field and the list; Enter adds;
//! Up/Down select; Delete asks to remove; q or Esc quits.

fn main() -> std::io::Result<()> {
    rehearse_examples::shopping::main()
}
