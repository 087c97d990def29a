// @ts-check
/**
 * The confirmation mailed to someone who sent the contact form (the notification function's
 * autoresponder). Part of the contact request, not of any page: the function is its only reader
 * and no remote shows it, so it lives with the request's model rather than in a remote's
 * content. Plain CommonJS with no dependencies because the function (deployed from functions/,
 * built without webpack) requires it as it is. Its types are its JSDoc.
 *
 * Fixed text: the only thing of the sender's in it is a first name the function has cleaned
 * (see functions/src/autoreply/sender-name.ts), so the form cannot be used to put anyone's
 * words into a stranger's mailbox. It never repeats the message.
 */

const autoreply = {
  subject: 'We have your project request – First Day Studio',
  /** @param {string} name a cleaned name, or '' */
  greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
  paragraphs: [
    'Thank you for writing to First Day Studio. Your project request has arrived safely, and one of us will answer within two working days.',
    'There is no need to reply to this email. If you would like to add something, write to info@firstday.studio.',
    'If you did not send a request through firstday.studio, someone else typed your address: ignore this email and nothing more will follow.',
  ],
  signOff: ['Warm regards,', 'First Day Studio'],
};

module.exports = { autoreply };
