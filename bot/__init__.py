"""The Bottega process: configuration, the table service, the Discord client and the local console."""
