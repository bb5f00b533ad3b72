import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  label: string;
  placeholder: string;
  /** The search as the URL holds it. */
  value: string;
  /** Called once typing pauses, with the new search. */
  onSearch: (value: string) => void;
}

/** A search box that asks the server only when typing pauses; the page keeps the search in the URL. */
export function SearchField({ label, placeholder, value, onSearch }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);
  // Someone who typed and then went to another page (which is still loading) has left this
  // search: running it then would bring them back here.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leavingRef = useRef(false);
  useEffect(() => {
    leavingRef.current = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  }, [navigation, pathname]);

  // The URL changed from outside (back button, another tab): show its search.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => {
      if (!leavingRef.current) onSearchRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      size="small"
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
