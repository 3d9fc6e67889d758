// rawast package smoke test
const answer = 6 * 7;
export function greet(name) {
  return `héllo, ${name}`;
}
