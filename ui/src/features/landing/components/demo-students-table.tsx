import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DEMO_STUDENTS } from './demo-students.ts';
import { AccommodationTag } from './accommodation-tag.tsx';

type DemoView = 'list' | 'grid';

/** Spec section 2: a static demo of the students screen with 7 made-up students. */
export function DemoStudentsTable() {
  const [view, setView] = useState<DemoView>('list');
  const navigate = useNavigate();
  return (
    <section className="landing-demo" aria-labelledby="landing-demo-title">
      <div className="landing-container">
        <div className="landing-demo__window">
          <div className="landing-demo__toolbar">
            <h2 id="landing-demo-title" className="landing-demo__title">
              My Students <span className="landing-demo__note">(example data)</span>
            </h2>
            <div className="landing-demo__controls">
              <div className="landing-toggle" role="group" aria-label="View">
                <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
                  List
                </button>
                <button type="button" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
                  Grid
                </button>
              </div>
              <button type="button" className="landing-button landing-button--primary" onClick={() => void navigate('/register')}>
                <span aria-hidden="true">+ </span>Add Student
              </button>
            </div>
          </div>

          {view === 'list' ? (
            <table className="landing-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="landing-table__accommodations">Accommodations</th>
                  <th scope="col" className="landing-table__actions">Actions</th>
                </tr>
              </thead>
              <tbody>
                {DEMO_STUDENTS.map((student) => (
                  <tr key={student.name}>
                    <td>
                      <div className="landing-table__name">{student.name}</div>
                      <div className="landing-table__grade">Grade {student.grade}</div>
                    </td>
                    <td className="landing-table__accommodations">
                      <div className="landing-tags">
                        {student.accommodations.map((name) => (
                          <AccommodationTag key={name} name={name} />
                        ))}
                      </div>
                    </td>
                    <td className="landing-table__actions">
                      <Link to="/register" className="landing-link-button" aria-label={`View ${student.name} (example)`}>
                        View
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <ul className="landing-demo__grid">
              {DEMO_STUDENTS.map((student) => (
                <li key={student.name} className="landing-demo__card">
                  <div className="landing-table__name">{student.name}</div>
                  <div className="landing-table__grade">Grade {student.grade}</div>
                  <div className="landing-tags">
                    {student.accommodations.map((name) => (
                      <AccommodationTag key={name} name={name} />
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="landing-demo__footer">
            <Link to="/register">
              See all accommodations at a glance <span aria-hidden="true">→</span>
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
