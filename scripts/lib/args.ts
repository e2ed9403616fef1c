/** `--name value` or `--name=value` from the command line. */
export function argValue(name: string, argv = process.argv.slice(2)): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === name) return argv[i + 1];
    if (argv[i].startsWith(`${name}=`)) return argv[i].slice(name.length + 1);
  }
  return undefined;
}

export function hasFlag(name: string, argv = process.argv.slice(2)): boolean {
  return argv.includes(name);
}
