from realcli.cli import main

main()
