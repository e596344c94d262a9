import CiteFeedCLI

CLI.main()
