import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
// The bare Input: antd's index attaches Search, TextArea, Password and OTP, which the shell never shows.
import Input from 'antd/es/input/Input';
import { SearchOutlined } from '@ant-design/icons';
import { queryKeys } from '../lib/query-keys.ts';
import { matchStudents, MIN_SEARCH_LENGTH, type SearchableStudent } from './student-search-match.ts';
import './student-search.css';

/**
 * Spec section 2/5: opens at 2+ trimmed characters, matches names case-insensitively over
 * the loaded student list, and choosing a result goes to the student and clears the box.
 */
export function StudentSearch({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const trimmed = query.trim();
  const searching = trimmed.length >= MIN_SEARCH_LENGTH;

  const students = useQuery<SearchableStudent[]>({ queryKey: queryKeys.students(), enabled: searching });
  const results = useMemo(() => matchStudents(students.data ?? [], trimmed), [students.data, trimmed]);

  useEffect(() => {
    if (!open) return undefined;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  const choose = (student: SearchableStudent) => {
    setQuery('');
    setOpen(false);
    onNavigate?.();
    void navigate(`/students/${encodeURIComponent(student.id)}`);
  };

  const showPanel = open && searching;
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!showPanel) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((index) => Math.min(index + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      const student = results[activeIndex];
      if (student) choose(student);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="student-search" ref={containerRef}>
      <Input
        role="combobox"
        aria-label="Search students"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showPanel && results[activeIndex] ? `${listId}-${activeIndex}` : undefined}
        placeholder="Search students..."
        prefix={<SearchOutlined aria-hidden="true" />}
        value={query}
        allowClear
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveIndex(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {showPanel ? (
        <div className="student-search__panel">
          {students.isPending ? (
            <p className="student-search__empty">Searching…</p>
          ) : results.length === 0 ? (
            <p className="student-search__empty">No students found for "{trimmed}"</p>
          ) : (
            <ul id={listId} role="listbox" aria-label="Matching students" className="student-search__list">
              {results.map((student, index) => (
                <li
                  key={student.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  className="student-search__option"
                  onPointerEnter={() => setActiveIndex(index)}
                  onClick={() => choose(student)}
                >
                  <span className="student-search__name">{student.name}</span>
                  <span className="student-search__grade">Grade {student.grade}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
