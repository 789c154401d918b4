/**
 * The words of style guides (the members' pages, Home's section and the console's screen), in
 * British English: their own chunk, loaded with those lazy screens only.
 */
export const styleGuidesEnGB = {
  member: {
    title: 'Style guides',
    intro: 'Our stylists write a new guide every two weeks.',
    empty: 'There are no style guides yet. The first one is on its way.',
    /** `date` as the app writes a day. */
    publishedOn: (date: string) => `Published ${date}`,
    allGuides: 'All style guides',
    notFound: 'This style guide is not available.',
    loadFailed: 'The style guides could not be loaded. Please try again.',
    homeHeading: 'New style guide',
    read: 'Read the guide',
  },
  staff: {
    title: 'Style guides',
    /** `date` as the app writes a day. */
    dueOn: (date: string) => `The next guide is due on ${date}.`,
    overdue: (date: string) => `The next guide is overdue: it was due on ${date}.`,
    firstDue: 'No guide yet: the first one is due now.',
    rhythm: 'Guides come every two weeks, 14 days after the latest one.',
    newGuide: 'Write a guide',
    edit: 'Edit',
    editGuide: 'Edit the guide',
    english: 'English',
    danish: 'Danish',
    guideTitle: 'Title',
    body: 'Text (Markdown)',
    bodyHint:
      'Headings with #, links as [words](https://…), pictures as ![description](address). Links go only to web pages; pictures must be uploaded here or on an https address.',
    cover: 'Cover image',
    coverHint: 'A photo (JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF), at most 10 MB.',
    uploading: 'Uploading…',
    uploaded: 'Uploaded',
    insertImage: 'Picture for the text',
    insertHint: (markdown: string) => `Paste this where the picture goes: ${markdown}`,
    publishAt: 'Publish on',
    preview: 'Preview',
    previewOf: (language: string) => `Preview in ${language}, as members see it`,
    closePreview: 'Close preview',
    schedule: 'Schedule',
    save: 'Save changes',
    saving: 'Saving…',
    cancel: 'Cancel',
    scheduled: 'Scheduled',
    published: 'Published',
    /** `date` as the app writes a moment. */
    at: (date: string) => date,
    none: 'No guides yet.',
    saved: 'The guide is saved.',
    publishedKeepsTime: 'This guide is published: its time stays as it is.',
    managersOnly: 'Only managers write and schedule guides.',
    failures: {
      GuidePublished: 'This guide is published: its publication time cannot change.',
      NotAnImage: 'That file is not a photo we can use. Upload a JPEG, PNG or WebP photo.',
      ImageNotFound: 'The cover image was not found. Upload it again.',
    } as Record<string, string>,
  },
};

export type StyleGuidesWords = typeof styleGuidesEnGB;
