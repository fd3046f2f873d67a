// uvu prints a failure after its file's tests, where hundreds of lines of later output can push it
// out of a CI log's tail: the runners keep each failure, with its file, and print them again last.
export function keepFailures(): () => void {
  const failures: string[] = []
  let file = ''
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: any[]) => {
    const text = typeof chunk === 'string' ? chunk.replace(/\x1b\[[0-9;]*m/g, '') : ''
    if (/\.(test|e2e)\.tsx?\n$/.test(text)) file = text.trim() // uvu names each file before its tests
    if (text.includes('FAIL')) failures.push(`${file}${chunk}`)
    return write(chunk, ...rest)
  }) as typeof process.stdout.write
  return () => {
    if (failures.length) write(`\nThe failures again:\n${failures.join('\n')}\n`)
  }
}
