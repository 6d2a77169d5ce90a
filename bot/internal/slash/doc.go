// Package slash is the bot's application (slash) commands: their
// definitions as Discord registers them (Commands: names, descriptions,
// options, choices, where they may be used and who sees /settings), the
// names the bot routes by, and the reading of an invoked command's options
// into the command layer's requests (Request, SettingsRequest, Subcommand),
// with the permission check /settings changes need (CanManage). It sends
// nothing: the bot registers the definitions and answers the commands.
package slash
