import { describe, expect, it } from 'vitest'
import {
  formatIpAddress,
  isLoopbackIpAddress,
  parseIpAddress,
} from '../../../../src/main/core/security/ip-address'

describe('IP addresses as bytes', () => {
  it('reads every IPv4 spelling as the address inet_aton and URL parsers mean', () => {
    for (const text of ['127.0.0.1', '0x7f.1', '2130706433', '0177.0.0.1', '127.1', '0x7f000001']) {
      expect(formatIpAddress(parseIpAddress(text)!), text).toBe('127.0.0.1')
    }
    expect(formatIpAddress(parseIpAddress('010.0.0.1')!)).toBe('8.0.0.1')
  })

  it('reads IPv6 with brackets, an embedded IPv4 tail and a zone', () => {
    expect(formatIpAddress(parseIpAddress('[::ffff:127.0.0.1]')!)).toBe('0:0:0:0:0:ffff:7f00:1')
    expect(formatIpAddress(parseIpAddress('::ffff:7f00:1')!)).toBe('0:0:0:0:0:ffff:7f00:1')
    expect(formatIpAddress(parseIpAddress('64:ff9b::10.0.0.1')!)).toBe('64:ff9b:0:0:0:0:a00:1')
    expect(formatIpAddress(parseIpAddress('fe80::1%eth0')!)).toBe('fe80:0:0:0:0:0:0:1%eth0')
    expect(formatIpAddress(parseIpAddress('1:2:3:4:5:6:7:8')!)).toBe('1:2:3:4:5:6:7:8')
    expect(formatIpAddress(parseIpAddress('::')!)).toBe('0:0:0:0:0:0:0:0')
  })

  it('is not fooled by names, garbage or an address with something after it', () => {
    for (const text of [
      'localhost',
      '127.0.0.1.nip.io',
      '',
      '1.2.3.4/8',
      '::ffff:127.0.0.1:80',
      'x',
      '[::1',
    ]) {
      expect(parseIpAddress(text), text).toBeUndefined()
    }
  })

  it('counts 127.0.0.0/8, ::1 and mapped 127/8 as this computer, nothing else', () => {
    for (const text of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(isLoopbackIpAddress(parseIpAddress(text)!), text).toBe(true)
    }
    for (const text of ['10.0.0.1', '0.0.0.0', '::', '64:ff9b::7f00:1', '2002:7f00:1::', '::ffff:10.0.0.1']) {
      expect(isLoopbackIpAddress(parseIpAddress(text)!), text).toBe(false)
    }
  })
})
