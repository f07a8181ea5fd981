/** The share of school days with any implementation log entry, in whole percent (none when there were no days). */
export const percentLogged = ({ loggedDays, schoolDays }: { loggedDays: number; schoolDays: number }): number =>
  schoolDays === 0 ? 0 : Math.round((loggedDays / schoolDays) * 100);
