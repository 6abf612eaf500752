/** The people of the demo: the demo patient first, then the patients in the demo HCP's care. */
export interface DemoPerson {
  username: string;
  realname: string;
  alias?: string;
  gender: 'female' | 'male' | 'unspecified';
  diabetesType: 'type1' | 'type2' | 'lada' | 'mody';
  birthday: string;
  diagnosed: string;
  height: number;
  weight: number;
  country: string;
  language: string;
}

const p = (
  username: string,
  realname: string,
  gender: DemoPerson['gender'],
  diabetesType: DemoPerson['diabetesType'],
  birthday: string,
  diagnosed: string,
  height: number,
  weight: number,
  country = 'GB',
  language = 'en',
  alias?: string,
): DemoPerson => ({
  username,
  realname,
  gender,
  diabetesType,
  birthday,
  diagnosed,
  height,
  weight,
  country,
  language,
  alias,
});

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  p('patient', 'Alex Demo', 'unspecified', 'type1', '1990-04-12', '2004-09-01', 176, 72),
  p(
    'amelia.hughes',
    'Amelia Hughes',
    'female',
    'type1',
    '1998-02-03',
    '2009-06-15',
    165,
    61,
    'GB',
    'en',
    'Millie',
  ),
  p('jonas.weber', 'Jonas Weber', 'male', 'type1', '1985-11-20', '1997-03-02', 182, 84, 'DE', 'de'),
  p('sofia.rossi', 'Sofia Rossi', 'female', 'type1', '2001-07-09', '2012-01-20', 160, 55, 'IT', 'it'),
  p('liam.oconnor', "Liam O'Connor", 'male', 'type1', '1979-05-30', '1988-10-11', 178, 90, 'IE', 'en'),
  p('emma.jansen', 'Emma Jansen', 'female', 'lada', '1971-12-14', '2015-04-08', 168, 70, 'NL', 'nl'),
  p('noah.martin', 'Noah Martin', 'male', 'type1', '2006-03-25', '2014-08-30', 171, 58, 'GB', 'en', 'Noah M'),
  p('olivia.berg', 'Olivia Berg', 'female', 'type1', '1993-09-17', '2001-02-14', 172, 66, 'SE', 'sv'),
  p('lucas.silva', 'Lucas Silva', 'male', 'type2', '1962-01-08', '2010-06-01', 175, 96, 'PT', 'pt'),
  p('mia.novak', 'Mia Novak', 'female', 'type1', '1988-06-21', '1999-11-03', 163, 59, 'CZ', 'cs'),
  p('ethan.clarke', 'Ethan Clarke', 'male', 'type1', '1995-10-02', '2007-05-19', 185, 80, 'GB', 'en'),
  p('isabel.garcia', 'Isabel García', 'female', 'type1', '1983-04-04', '1994-12-24', 158, 57, 'ES', 'es'),
  p('oskar.nowak', 'Oskar Nowak', 'male', 'mody', '1999-08-13', '2016-07-07', 180, 74, 'PL', 'pl'),
  p('chloe.dubois', 'Chloé Dubois', 'female', 'type1', '2003-01-29', '2011-09-09', 166, 54, 'GB', 'fr'),
  p('william.foster', 'William Foster', 'male', 'type2', '1958-07-16', '2005-03-23', 177, 102, 'GB', 'en'),
  p('freja.nielsen', 'Freja Nielsen', 'female', 'type1', '1991-03-08', '1996-05-05', 170, 63, 'DK', 'da'),
  p('mateo.lopez', 'Mateo López', 'male', 'type1', '2009-12-01', '2018-02-12', 150, 42, 'ES', 'es', 'Teo'),
  p('hanna.virtanen', 'Hanna Virtanen', 'female', 'type1', '1987-05-26', '2002-08-18', 167, 64, 'FI', 'fi'),
  p('daniel.kovacs', 'Dániel Kovács', 'male', 'lada', '1969-10-30', '2019-01-15', 179, 88, 'HU', 'hu'),
  p('grace.mitchell', 'Grace Mitchell', 'female', 'type1', '1976-02-18', '1985-07-22', 164, 68, 'GB', 'en'),
  p('yusuf.demir', 'Yusuf Demir', 'male', 'type1', '1997-06-06', '2008-04-27', 174, 77, 'GB', 'tr'),
];
