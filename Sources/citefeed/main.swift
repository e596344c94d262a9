import CiteFeedKit

CLI.main()
