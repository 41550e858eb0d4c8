import { toCsv } from '../src';

describe('toCsv', () => {
  it('quotes what needs quoting and keeps a cell a spreadsheet would run as a formula as text', () => {
    expect(toCsv(['a', 'b'], [['=SUM(A1:A2)', 'plain'], ['+1', '@cmd'], ['say "hi", then', null], ['-2', 3]])).toBe(
      'a,b\r\n\'=SUM(A1:A2),plain\r\n\'+1,\'@cmd\r\n"say ""hi"", then",\r\n\'-2,3\r\n',
    );
  });
});
