/**
 * Deletes every document of `projectId` in the emulator the tests run against, so each test
 * starts from nothing. (The repository's test helper for this is a .cjs module the functions'
 * type check does not read.)
 */
export async function clearEmulator(projectId: string): Promise<void> {
  const response = await fetch(
    `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw new Error(`Clearing the emulator failed: ${response.status}`);
}
