// `mcp-desk call` answering server-everything's elicitation requests at the terminal, end to end: the real
// server over stdio, the answers typed at a scripted terminal, the server's own report of what it received
// printed on stdout. Without a terminal, nobody can answer, so the request is declined.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORM_QUESTION, URL_QUESTION } from '../../../src/cli/elicitation-prompt'
import { spawnCommandFor } from '../../support/spawn-command'
import { tempHome, type TempHome } from '../../support/temp-home'
import { expectExit } from '../support/cli-harness'

let temp: TempHome
let home: string
beforeAll(async () => {
  temp = await tempHome('mcp-desk-cli-call-elicitation-')
  home = path.join(temp.dir, 'home')
  const everything = spawnCommandFor('server-everything')
  await expectExit(
    ['--home', home, 'servers', 'add', 'Everything', '--', everything.command, ...everything.args],
    0,
  )
})
afterAll(() => temp.cleanup())

function call(tool: string, args?: Record<string, unknown>): string[] {
  return [
    '--home',
    home,
    'call',
    'everything',
    tool,
    ...(args ? ['--args', JSON.stringify(args)] : []),
    '--yes',
  ]
}

/** The `Raw result: {...}` server-everything appends: what it received from the host. */
function rawResult(stdout: string): unknown {
  const marker = 'Raw result: '
  return JSON.parse(stdout.slice(stdout.indexOf(marker) + marker.length))
}

describe('mcp-desk call: elicitation answered at the terminal', () => {
  it('asks every field with its default and sends the edits with the defaults left untouched', async () => {
    const run = await expectExit(call('trigger-elicitation-request'), 0, {
      terminalAnswers: [
        'y', // fill in the form
        'Ada Lovelace', // name (required)
        'y', // check
        '', // firstLine: keep the default
        'not an email', // email: refused, asked again
        'ada@example.com',
        '', // homepage: skipped
        '', // birthdate: skipped
        '7', // integer
        '', // number: keep 3.14
        '2', // untitled single select: Rachel
        '', // untitled multi select: keep Guitar
        '', // titled single select: keep hero-1
        '2,3', // titled multi select: Salmon, Trout
        'Dogs', // legacy titled enum, by its label
      ],
    })
    const firstQuestion = run.stderrAtEachPrompt[0]!
    expect(firstQuestion).toMatch(/Everything \(stdio: .+\) asks you for information:\n/)
    expect(firstQuestion).toContain(
      '  Please provide inputs for the following fields:\n  13 fields, 1 required\n',
    )
    expect(firstQuestion.endsWith(FORM_QUESTION)).toBe(true)
    expect(run.stderrAtEachPrompt[3]).toMatch(
      /Field 3 of 13: String with default \(firstLine\)\n {4}Favorite first line of a story\n {2}text \[It was a dark and stormy night\.\]: $/,
    )
    expect(run.stderrAtEachPrompt[5]).toMatch(
      /"String with email format" \(email\) must be an email address\n {2}email address \(Enter to skip\): $/,
    )
    expect(run.stderr).toContain('Sent to the server.\n')

    expect(run.stdout).toContain('✅ User provided the requested information!')
    expect(run.stdout).toContain('- Name: Ada Lovelace\n')
    expect(run.stdout).toContain('- Favorite Integer: 7\n')
    expect(run.stdout).toContain('- Favorite Number: 3.14')
    expect(rawResult(run.stdout)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        email: 'ada@example.com',
        integer: 7,
        untitledSingleSelectEnum: 'Rachel',
        titledMultipleSelectEnum: ['fish-2', 'fish-3'],
        legacyTitledEnum: 'pet-2',
        firstLine: 'It was a dark and stormy night.',
        number: 3.14,
        untitledMultipleSelectEnum: ['Guitar'],
        titledSingleSelectEnum: 'hero-1',
      },
    })
  })

  it('"n" declines and "c" cancels, as the spec results', async () => {
    const declined = await expectExit(call('trigger-elicitation-request'), 0, { terminalAnswers: ['n'] })
    expect(declined.stdout).toContain('❌ User declined to provide the requested information.')
    expect(rawResult(declined.stdout)).toEqual({ action: 'decline' })
    const cancelled = await expectExit(call('trigger-elicitation-request'), 0, { terminalAnswers: ['c'] })
    expect(cancelled.stdout).toContain('⚠️ User cancelled the elicitation dialog.')
    expect(rawResult(cancelled.stdout)).toEqual({ action: 'cancel' })
  })

  it('shows a URL request with its host; "y" prints the link and tells the server', async () => {
    const run = await expectExit(
      call('trigger-url-elicitation', { url: 'https://auth.example.com/consent', message: 'Sign in first.' }),
      0,
      { terminalAnswers: ['y'] },
    )
    expect(run.stderrAtEachPrompt[0]).toMatch(
      /asks you to open a link:\n {2}Sign in first\.\n {2}Link: https:\/\/auth\.example\.com\/consent\n {2}It goes to: auth\.example\.com\n/,
    )
    expect(run.stderrAtEachPrompt[0]!.endsWith(URL_QUESTION)).toBe(true)
    expect(run.stderr).toContain('Open this link in your browser: https://auth.example.com/consent\n')
    expect(run.stdout).toContain('✅ User completed the URL elicitation flow.')
  })

  it('without a terminal, declines the request and says why', async () => {
    const run = await expectExit(call('trigger-elicitation-request'), 0, { stdin: '' })
    expect(run.stdout).toContain('❌ User declined to provide the requested information.')
    expect(run.stderr).toContain('elicitation from Everything declined: nobody is there to answer it\n')
  })
})
