/**
 * Saving a file the app made (house style: the only module that makes a download from the
 * page): a Blob behind an object URL, clicked as a link with `download`, then let go. Used
 * for "Download my data".
 */
export function saveTextFile(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
