from tabulae.cli import main

main()
