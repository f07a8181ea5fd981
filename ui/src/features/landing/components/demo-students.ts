/** Made-up students for the landing page demo (spec section 2): no real data ever appears here. */
export interface DemoStudent {
  name: string;
  grade: number;
  accommodations: readonly string[];
}

export const DEMO_STUDENTS: readonly DemoStudent[] = [
  { name: 'Ava M.', grade: 3, accommodations: ['Extended Time', 'Visual Schedule', 'Simplified Directions', 'Breaks'] },
  { name: 'Liam R.', grade: 4, accommodations: ['Preferential Seating', 'Reading Aloud'] },
  { name: 'Sofia K.', grade: 5, accommodations: ['Small Group', 'Calculator Use', 'Check-in/Check-out'] },
  { name: 'Noah T.', grade: 6, accommodations: ['Speech-to-Text', 'Note-taking Support', 'Fidget Tools'] },
  { name: 'Mia J.', grade: 7, accommodations: ['Quiet Space', 'Noise-Cancelling Headphones', 'Assignment Checklist'] },
  { name: 'Ethan P.', grade: 5, accommodations: ['Behavior Plan', 'Behavior Chart', 'Reading Support'] },
  { name: 'Zoe L.', grade: 4, accommodations: ['Graphic Organizers', 'Text-to-Speech', 'Reduced Homework'] },
];
