" Vim syntax file for MapLang rules files (`.map`), after grammar.md and the
" TextMate grammar in editors/vscode. Keywords are reserved only where the
" grammar expects them, so a word followed by `:` is a field's name, not a
" keyword; the words of a test block count only where one can be.

if exists("b:current_syntax")
  finish
endif

" A keyword not followed by `:`.
syntax match maplangDeclaration "\v<(model|enum|table|transform|choice)>(\s*:)@!"
syntax match maplangConditional "\v<(if|then|else)>(\s*:)@!"
syntax match maplangKeyword "\v<(check|when|and|or|not|missing)>(\s*:)@!"
syntax match maplangClause "\v<(from|using|default|where|oneOrMany|lossy|flatten|omitNull|keepNull|extends|by)>(\s*:)@!"
syntax match maplangSetting "\v<(root|strict|lenient|keys|only|except|ignore|unknown|nulls|omit|keep|reject)>(\s*:)@!"
syntax match maplangBoolean "\v<(true|false)>(\s*:)@!"
syntax match maplangNull "\v<null>(\s*:)@!"
syntax match maplangType "\v<(String|Int|Double|Decimal|Bool|Date|URL|Data|JSON)>"

" `test "name"`; `input`, `output` and `errors` starting a line; `file` and
" `at` before a string.
syntax match maplangTest "\v<test>\ze\s*\""
syntax match maplangTest "\v^\s*\zs(input|output|errors)>(\s*:)@!"
syntax match maplangTest "\v<(file|at)>\ze\s*\""

syntax match maplangNumber "\v-?<\d+(\.\d+)?([eE][+-]?\d+)?>"

" A string ends at its closing quote or, unclosed, at the end of its line.
" Of the two escape items, the later one wins where both match.
syntax region maplangString start=+"+ skip=+\\\\\|\\"+ end=+"\|$+ contains=maplangBadEscape,maplangEscape
syntax match maplangBadEscape contained "\\."
syntax match maplangEscape contained "\v\\([\"\\/nrt0]|u\{\x{1,8}\}|u\x{4})"

syntax keyword maplangTodo contained TODO FIXME XXX
syntax match maplangComment "//.*$" contains=maplangTodo,@Spell

highlight default link maplangDeclaration Structure
highlight default link maplangConditional Conditional
highlight default link maplangKeyword Keyword
highlight default link maplangClause Keyword
highlight default link maplangSetting PreProc
highlight default link maplangTest Keyword
highlight default link maplangBoolean Boolean
highlight default link maplangNull Constant
highlight default link maplangType Type
highlight default link maplangNumber Number
highlight default link maplangString String
highlight default link maplangEscape SpecialChar
highlight default link maplangBadEscape Error
highlight default link maplangTodo Todo
highlight default link maplangComment Comment

let b:current_syntax = "maplang"
