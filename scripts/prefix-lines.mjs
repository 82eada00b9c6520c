/** Copies a child's output to ours line by line, each line prefixed, so runs side by side stay readable. */
export function prefixLines(stream, prefix) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
  });
  stream.on("end", () => {
    if (rest) process.stdout.write(`${prefix}${rest}\n`);
  });
}
