/**
 * Copies a child's output to ours line by line, each line prefixed, so runs side by side stay
 * readable. Each line is also given to `keep`, when given (a suite's last lines, reprinted at the end).
 */
export function prefixLines(stream, prefix, keep = () => {}) {
  let rest = "";
  const write = (line) => {
    process.stdout.write(`${prefix}${line}\n`);
    keep(`${prefix}${line}`);
  };
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) write(line);
  });
  stream.on("end", () => {
    if (rest) write(rest);
  });
}
