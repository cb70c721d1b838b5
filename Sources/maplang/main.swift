import MapLangCLI

import Glibc
exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst())))
