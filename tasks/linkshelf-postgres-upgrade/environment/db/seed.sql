SET client_encoding = 'UTF8';
CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
INSERT INTO schema_migrations (version, applied_at) VALUES ('001', '2023-02-11 09:14:00+00');
CREATE TABLE links (id serial PRIMARY KEY, url text NOT NULL, title text NOT NULL DEFAULT '', tags_csv text, archived boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now());
COPY links (id, url, title, tags_csv, archived, created_at) FROM stdin;
1	https://postgresql.org/guide/x/docs/1	Understanding systemd	Postgres,Career,design ,Networking, 	f	2020-08-21T20:11:00+00:00
2	https://blog.cloudflare.com/notes/2021/2021/2	How to vacuum	 postgres,networking,Databases,rust	f	2020-12-29T22:20:00+00:00
3	https://news.ycombinator.com/2021/notes/posts/3	Debugging indexes	linux,RUST, databases,devops	f	2019-07-08T13:06:00+00:00
4	https://jvns.ca/docs/posts/notes/4	Why tabs\tand spaces	linux ,Networking, 	f	2020-10-28T11:34:00+00:00
5	https://man7.org/posts/5	Debugging tabs\tand spaces	 design,SECURITY,Perf,networking , 	t	2020-10-11T07:05:00+00:00
6	https://brendangregg.com/docs/6	Debugging locks	career , rust	f	2022-08-07T18:32:00+00:00
7	https://wiki.debian.org/guide/docs/7	Understanding TLS	\N	f	2021-09-19T15:15:00+00:00
8	https://docs.python.org/notes/8	Why cgroups	postgres, 	f	2021-07-16T10:46:00+00:00
9	https://news.ycombinator.com/a/notes/posts/9	Notes on cgroups	\N	f	2021-03-12T03:05:00+00:00
10	https://sqlite.org/x/10	Debugging tabs\tand spaces	networking,LINUX,	f	2022-09-04T01:40:00+00:00
11	https://danluu.com/a/posts/11	Why systemd	perf,security, 	f	2022-02-14T23:06:00+00:00
12	https://sqlite.org/posts/2021/guide/12	Debugging indexes	design,Security,POSTGRES, 	f	2020-09-27T13:18:00+00:00
13	https://brendangregg.com/docs/13	How to systemd	 networking,	f	2022-11-21T19:23:00+00:00
14	https://blog.cloudflare.com/2021/14	Debugging locks	devops ,rust,security, python, 	f	2019-05-25T02:41:00+00:00
15	https://danluu.com/docs/x/x/15	How to tabs\tand spaces	networking,SHELL, databases,linux, 	f	2020-12-05T22:55:00+00:00
16	https://blog.cloudflare.com/2021/x/16	Debugging locks	networking	f	2023-01-12T10:38:00+00:00
17	https://sqlite.org/a/17	Understanding TLS	CAREER,Shell,postgres 	f	2021-04-19T03:12:00+00:00
18	https://lwn.net/guide/posts/18	Ünïcode in the GIL		f	2020-10-03T10:26:00+00:00
19	https://blog.cloudflare.com/x/notes/guide/19	Debugging systemd	 rust,career , perf	f	2020-02-19T18:25:00+00:00
20	https://docs.python.org/docs/2021/20	Understanding tabs\tand spaces	rust,design,security,	f	2019-04-16T06:19:00+00:00
21	https://danluu.com/docs/x/21	Understanding tabs\tand spaces		f	2020-04-22T10:30:00+00:00
22	https://docs.python.org/a/22	How to TLS	rust,DEVOPS	f	2022-04-25T21:33:00+00:00
23	https://brendangregg.com/docs/23	A tour of epoll	security, design	f	2020-12-19T20:58:00+00:00
24	https://blog.cloudflare.com/docs/24	A tour of epoll	perf, 	f	2021-08-06T07:47:00+00:00
25	https://docs.python.org/2021/25	Ünïcode in tabs\tand spaces	NETWORKING,security,design,	f	2020-07-13T06:45:00+00:00
26	https://sqlite.org/docs/2021/guide/26	Why cgroups	Python,devops ,Shell,	f	2021-03-03T01:43:00+00:00
27	https://jvns.ca/posts/27	Notes on indexes	databases, shell,linux , 	f	2020-02-01T06:42:00+00:00
28	https://news.ycombinator.com/docs/guide/2021/28	Ünïcode in locks	 databases,PYTHON,devops, postgres	f	2020-08-21T05:36:00+00:00
29	https://man7.org/posts/2021/29	How to vacuum	 databases,perf,Career	f	2021-10-05T14:59:00+00:00
30	https://brendangregg.com/guide/x/30	A tour of cgroups	shell,design ,postgres ,	f	2022-05-06T10:50:00+00:00
31	https://postgresql.org/docs/31	Ünïcode in cgroups		f	2020-05-03T11:11:00+00:00
32	https://news.ycombinator.com/docs/x/notes/32	How to vacuum	security ,career ,design	t	2021-03-14T00:52:00+00:00
33	https://blog.cloudflare.com/guide/33	Notes on locks	 perf	f	2023-01-08T23:50:00+00:00
34	https://postgresql.org/guide/docs/2021/34	A tour of locks	Shell	f	2021-09-29T17:25:00+00:00
35	https://github.com/2021/35	A tour of the GIL	 career, databases,design,	f	2021-06-14T18:09:00+00:00
36	https://danluu.com/docs/36	How to locks	\N	f	2022-09-02T17:29:00+00:00
37	https://danluu.com/x/a/notes/37	Notes on tabs\tand spaces		f	2021-08-13T00:15:00+00:00
38	https://danluu.com/docs/notes/guide/38	Debugging systemd	devops,	f	2022-08-17T15:33:00+00:00
39	https://postgresql.org/notes/39	How to the GIL	python ,databases ,PERF,networking, 	f	2019-05-11T21:22:00+00:00
40	https://wiki.debian.org/notes/40	Why epoll	shell,DESIGN, networking	f	2020-01-22T01:30:00+00:00
41	https://wiki.debian.org/x/guide/docs/41	Notes on TLS	\N	f	2020-12-27T16:13:00+00:00
42	https://danluu.com/guide/guide/2021/42	How to vacuum	Databases,Security,NETWORKING,POSTGRES, 	t	2019-08-14T04:30:00+00:00
43	https://news.ycombinator.com/guide/docs/a/43	Why indexes	 devops,rust,security , postgres	f	2020-09-23T18:10:00+00:00
44	https://sqlite.org/guide/44	Debugging TLS	Databases,Networking,rust,	t	2022-03-22T16:46:00+00:00
45	https://news.ycombinator.com/notes/a/notes/45	Why vacuum	PYTHON,databases,rust, design	f	2022-09-16T06:28:00+00:00
46	https://lwn.net/a/notes/2021/46	Why TLS	POSTGRES,RUST	t	2021-01-09T00:31:00+00:00
47	https://lwn.net/x/guide/notes/47	A tour of systemd	security,career,design ,python , 	f	2019-12-10T20:54:00+00:00
48	https://wiki.debian.org/guide/notes/48	Understanding TLS	 shell, security,Networking, postgres,	f	2022-07-17T11:12:00+00:00
49	https://postgresql.org/notes/guide/posts/49	Understanding locks	perf,linux, 	f	2020-06-08T12:07:00+00:00
50	https://postgresql.org/a/guide/notes/50	A tour of vacuum	postgres ,perf,rust,	f	2022-08-09T20:40:00+00:00
51	https://wiki.debian.org/docs/guide/51	Ünïcode in systemd	 rust,DEVOPS,Databases	t	2022-05-21T06:46:00+00:00
52	https://brendangregg.com/posts/52	A tour of indexes	perf ,security ,Databases	f	2021-02-21T12:23:00+00:00
53	https://man7.org/a/guide/53	Why indexes	career	t	2022-07-23T20:30:00+00:00
54	https://blog.cloudflare.com/2021/54	Debugging systemd	postgres	f	2022-10-03T22:17:00+00:00
55	https://man7.org/posts/posts/notes/55	A tour of systemd	\N	f	2022-06-27T05:43:00+00:00
56	https://sqlite.org/posts/56	Why tabs\tand spaces	career ,Networking, devops, 	f	2020-04-23T03:44:00+00:00
57	https://sqlite.org/2021/x/2021/57	Notes on the GIL	Networking, linux,python	f	2021-03-20T19:58:00+00:00
58	https://sqlite.org/posts/guide/a/58	Understanding locks	\N	f	2020-09-21T18:03:00+00:00
59	https://danluu.com/guide/a/2021/59	How to TLS	databases 	f	2020-04-14T22:03:00+00:00
60	https://man7.org/x/posts/60	Debugging locks	Python,Security,rust , perf, 	f	2019-03-29T11:11:00+00:00
61	https://sqlite.org/docs/posts/guide/61	A tour of TLS	rust ,Career,postgres	f	2019-04-01T05:26:00+00:00
62	https://sqlite.org/a/2021/62	Debugging locks	DEVOPS,shell,Perf, 	f	2020-05-27T11:02:00+00:00
63	https://danluu.com/notes/63	A tour of the GIL	Postgres, devops,	f	2019-12-07T06:57:00+00:00
64	https://lwn.net/notes/2021/posts/64	Why locks	Databases,	f	2020-02-12T20:43:00+00:00
65	https://blog.cloudflare.com/x/docs/x/65	A tour of tabs\tand spaces	Postgres, devops	f	2020-12-26T10:43:00+00:00
66	https://news.ycombinator.com/docs/x/66	Ünïcode in epoll	PYTHON,devops ,Linux	f	2020-12-04T19:57:00+00:00
67	https://docs.python.org/2021/x/67	How to epoll	\N	f	2021-04-22T15:02:00+00:00
68	https://github.com/a/2021/x/68	Debugging vacuum		f	2021-12-14T07:08:00+00:00
69	https://jvns.ca/2021/guide/69	Ünïcode in the GIL	\N	f	2020-06-06T06:04:00+00:00
70	https://danluu.com/2021/docs/70	How to tabs\tand spaces	Shell,	f	2019-08-15T14:22:00+00:00
71	https://github.com/a/a/71	Ünïcode in vacuum	\N	f	2021-07-07T13:03:00+00:00
72	https://sqlite.org/posts/72	A tour of TLS	PERF, rust,Databases	f	2023-01-18T12:59:00+00:00
73	https://wiki.debian.org/guide/73	Ünïcode in vacuum	linux,Databases	f	2019-06-25T05:09:00+00:00
74	https://lwn.net/docs/74	Debugging systemd	networking 	f	2019-09-04T02:36:00+00:00
75	https://jvns.ca/guide/x/2021/75	Understanding locks	\N	f	2020-10-11T02:29:00+00:00
76	https://news.ycombinator.com/x/notes/76	How to epoll	networking , 	t	2022-11-23T17:07:00+00:00
77	https://lwn.net/a/a/posts/77	Why TLS	\N	f	2021-04-28T18:49:00+00:00
78	https://lwn.net/docs/78	Understanding systemd	linux, shell,	f	2020-01-19T17:30:00+00:00
79	https://docs.python.org/x/79	Debugging locks	design, linux,postgres ,PYTHON	f	2019-09-18T04:03:00+00:00
80	https://man7.org/notes/80	Why locks	networking,RUST,python,design 	f	2022-12-25T04:31:00+00:00
81	https://sqlite.org/guide/81	Debugging tabs\tand spaces	Linux	f	2019-03-11T06:22:00+00:00
82	https://wiki.debian.org/notes/posts/82	How to cgroups	devops,Networking	f	2021-09-22T05:31:00+00:00
83	https://postgresql.org/notes/posts/83	Ünïcode in epoll	career ,Python,Perf,	f	2021-07-19T22:34:00+00:00
84	https://danluu.com/docs/84	How to tabs\tand spaces	design,databases, shell,rust 	f	2019-07-03T01:30:00+00:00
85	https://wiki.debian.org/docs/85	Understanding the GIL	security,linux,design,Shell,	f	2022-05-18T07:01:00+00:00
86	https://postgresql.org/2021/86	Debugging indexes	python ,Postgres,	f	2019-12-05T23:34:00+00:00
87	https://news.ycombinator.com/posts/87	A tour of indexes	 devops,python ,shell,design ,	f	2019-03-17T13:31:00+00:00
88	https://blog.cloudflare.com/posts/notes/88	A tour of indexes	design,DATABASES,security ,LINUX, 	f	2020-07-15T11:56:00+00:00
89	https://docs.python.org/posts/notes/docs/89	Ünïcode in epoll	 rust, 	f	2020-03-23T02:37:00+00:00
90	https://man7.org/guide/docs/x/90	Ünïcode in epoll	 shell, databases,design,NETWORKING	f	2019-03-03T18:02:00+00:00
91	https://lwn.net/x/91	Notes on locks	Databases	f	2020-10-23T22:22:00+00:00
92	https://man7.org/posts/x/92	Why vacuum	shell, linux,RUST	f	2019-10-12T08:51:00+00:00
93	https://brendangregg.com/guide/docs/docs/93	Why tabs\tand spaces	 postgres,rust,Security, 	t	2021-12-01T06:59:00+00:00
94	https://wiki.debian.org/posts/posts/94	Notes on tabs\tand spaces	perf,	f	2022-04-15T07:46:00+00:00
95	https://news.ycombinator.com/posts/a/95	Ünïcode in vacuum	rust,design 	f	2020-08-22T08:53:00+00:00
96	https://man7.org/docs/96	Why vacuum	\N	t	2023-02-04T21:37:00+00:00
97	https://danluu.com/notes/a/x/97	Why vacuum	Security, python	f	2021-10-18T09:37:00+00:00
98	https://wiki.debian.org/x/98	How to tabs\tand spaces	linux,security,Shell,Career,	f	2020-05-15T04:24:00+00:00
99	https://postgresql.org/notes/99	Understanding indexes	NETWORKING,databases, shell,	f	2022-06-02T22:24:00+00:00
100	https://docs.python.org/2021/100	Ünïcode in systemd	\N	t	2020-08-23T02:13:00+00:00
101	https://docs.python.org/a/notes/101	How to cgroups	DEVOPS,SHELL	f	2022-08-31T10:33:00+00:00
102	https://brendangregg.com/2021/102	A tour of systemd	perf,rust ,shell, 	f	2021-05-31T16:14:00+00:00
103	https://blog.cloudflare.com/a/docs/103	Notes on epoll	networking 	t	2021-06-15T17:59:00+00:00
104	https://danluu.com/x/2021/104	Ünïcode in cgroups	design,security , python,	f	2022-11-20T16:52:00+00:00
105	https://github.com/x/105	Understanding cgroups	perf,postgres,design ,security, 	f	2023-02-19T23:03:00+00:00
106	https://postgresql.org/x/notes/106	Why the GIL	Career, networking,	f	2020-07-02T17:03:00+00:00
107	https://blog.cloudflare.com/notes/notes/107	Ünïcode in systemd	postgres	f	2021-07-28T18:31:00+00:00
108	https://github.com/guide/108	Debugging TLS	perf	f	2021-10-21T06:56:00+00:00
109	https://github.com/a/109	Understanding cgroups	perf,python,	f	2022-11-11T19:32:00+00:00
110	https://wiki.debian.org/x/110	A tour of tabs\tand spaces	DATABASES,Linux,shell	f	2020-06-13T10:16:00+00:00
111	https://jvns.ca/notes/a/2021/111	Why systemd	DESIGN,Devops	f	2020-07-13T18:56:00+00:00
112	https://sqlite.org/notes/notes/112	A tour of TLS	linux 	f	2020-08-30T18:54:00+00:00
113	https://github.com/docs/notes/113	Debugging locks	\N	f	2019-12-08T13:50:00+00:00
114	https://news.ycombinator.com/x/2021/guide/114	Notes on the GIL	\N	t	2021-02-10T10:33:00+00:00
115	https://github.com/posts/2021/docs/115	A tour of vacuum	 databases,PYTHON,CAREER, linux,	f	2021-05-02T12:41:00+00:00
116	https://docs.python.org/docs/2021/116	Debugging tabs\tand spaces	\N	f	2020-05-04T06:14:00+00:00
117	https://github.com/x/a/2021/117	Debugging tabs\tand spaces	security, 	f	2021-12-27T05:26:00+00:00
118	https://danluu.com/x/guide/118	Debugging vacuum	rust ,devops,	f	2022-10-10T17:36:00+00:00
119	https://github.com/docs/2021/docs/119	A tour of TLS	 postgres, 	f	2020-03-22T23:25:00+00:00
120	https://github.com/a/120	A tour of epoll	SECURITY	f	2019-04-26T12:19:00+00:00
121	https://postgresql.org/a/121	How to the GIL	python ,	f	2022-03-30T04:23:00+00:00
122	https://github.com/guide/notes/guide/122	Ünïcode in cgroups	\N	f	2020-11-27T10:25:00+00:00
123	https://lwn.net/guide/123	A tour of epoll	DATABASES, shell,	f	2020-01-06T23:43:00+00:00
124	https://lwn.net/notes/posts/guide/124	How to tabs\tand spaces	postgres, python,perf,career,	f	2021-03-17T19:10:00+00:00
125	https://brendangregg.com/a/x/125	Notes on locks	networking,career,perf ,rust,	f	2019-03-27T16:28:00+00:00
126	https://man7.org/notes/guide/126	How to indexes	Linux	f	2019-12-15T07:43:00+00:00
127	https://jvns.ca/x/a/127	Notes on TLS	 security,linux, 	f	2021-05-17T17:13:00+00:00
128	https://lwn.net/2021/notes/128	Notes on systemd	Perf,shell,Python	f	2022-11-08T05:49:00+00:00
129	https://brendangregg.com/notes/129	How to indexes	 design	f	2021-11-22T03:00:00+00:00
130	https://lwn.net/guide/posts/x/130	How to indexes	career 	f	2019-07-06T20:36:00+00:00
131	https://danluu.com/docs/131	Debugging the GIL	 security,Python,	f	2021-10-13T12:08:00+00:00
132	https://danluu.com/2021/132	Ünïcode in vacuum	databases,	f	2021-07-23T09:49:00+00:00
133	https://brendangregg.com/posts/133	Why locks	PYTHON,databases	f	2021-06-02T07:04:00+00:00
134	https://wiki.debian.org/notes/docs/docs/134	Understanding epoll	 python,security ,postgres	f	2022-06-06T08:21:00+00:00
135	https://news.ycombinator.com/guide/a/docs/135	Notes on locks	rust ,linux ,design	f	2019-07-13T04:02:00+00:00
136	https://blog.cloudflare.com/posts/136	Notes on epoll	Databases,career, python	f	2022-06-27T06:47:00+00:00
137	https://brendangregg.com/2021/2021/docs/137	A tour of vacuum	security , 	f	2022-09-17T09:52:00+00:00
138	https://github.com/posts/a/notes/138	A tour of indexes	 python	f	2021-07-24T09:43:00+00:00
139	https://danluu.com/notes/2021/139	Notes on TLS	\N	t	2021-02-11T23:59:00+00:00
140	https://danluu.com/notes/140	How to systemd		f	2022-08-08T02:31:00+00:00
141	https://postgresql.org/2021/141	A tour of systemd	career	f	2022-06-22T00:02:00+00:00
142	https://danluu.com/2021/2021/142	Notes on epoll	\N	t	2020-08-11T21:20:00+00:00
143	https://lwn.net/x/143	Notes on cgroups	postgres ,databases , networking,	f	2021-06-08T18:01:00+00:00
144	https://docs.python.org/a/144	Understanding systemd	Design,rust, perf,devops , 	f	2019-12-27T18:06:00+00:00
145	https://sqlite.org/posts/guide/2021/145	Debugging tabs\tand spaces	DEVOPS	f	2022-12-22T09:17:00+00:00
146	https://jvns.ca/a/notes/x/146	How to the GIL	 devops,	f	2020-08-23T22:01:00+00:00
147	https://github.com/guide/2021/147	Notes on systemd	Shell	f	2021-02-26T14:15:00+00:00
148	https://github.com/2021/x/notes/148	Understanding tabs\tand spaces	 shell,design,rust,linux , 	f	2021-10-03T16:11:00+00:00
149	https://jvns.ca/2021/a/2021/149	Notes on cgroups	DEVOPS,SHELL,postgres, rust	f	2019-11-18T15:26:00+00:00
150	https://brendangregg.com/x/150	Debugging epoll	networking, career,DESIGN	t	2019-11-30T20:25:00+00:00
151	https://lwn.net/guide/docs/posts/151	Notes on cgroups	\N	f	2020-11-29T05:46:00+00:00
152	https://github.com/docs/a/notes/152	A tour of locks	linux ,databases,	f	2023-01-08T05:16:00+00:00
153	https://jvns.ca/2021/153	A tour of locks	Security, perf,Devops,shell,	t	2019-08-09T07:18:00+00:00
154	https://postgresql.org/posts/154	Why locks	linux,design , postgres,rust,	f	2019-05-12T09:23:00+00:00
155	https://github.com/posts/notes/x/155	Debugging epoll		f	2019-05-20T04:11:00+00:00
156	https://jvns.ca/x/a/a/156	Why vacuum	linux, perf,	f	2021-02-22T06:00:00+00:00
157	https://danluu.com/x/notes/157	Why TLS	shell ,python,PERF,SECURITY,	f	2022-05-18T01:53:00+00:00
158	https://brendangregg.com/notes/158	Ünïcode in vacuum	design ,Devops, perf,PYTHON	f	2020-10-30T21:26:00+00:00
159	https://wiki.debian.org/docs/2021/posts/159	Ünïcode in vacuum	Linux,RUST,shell,Python	f	2021-12-04T13:25:00+00:00
160	https://blog.cloudflare.com/x/notes/a/160	How to systemd	postgres,devops, perf,design	t	2021-09-15T22:47:00+00:00
161	https://news.ycombinator.com/a/a/161	How to systemd	career,databases,linux ,security ,	t	2020-09-04T15:11:00+00:00
162	https://postgresql.org/notes/162	Notes on tabs\tand spaces	perf,python ,	f	2020-11-13T21:58:00+00:00
163	https://danluu.com/guide/163	How to TLS	 databases,Postgres,	f	2022-05-26T13:05:00+00:00
164	https://jvns.ca/x/164	A tour of systemd	Linux	f	2021-12-18T12:22:00+00:00
165	https://postgresql.org/posts/165	Ünïcode in tabs\tand spaces	Security,python ,	f	2020-12-25T12:50:00+00:00
166	https://brendangregg.com/2021/x/166	Notes on the GIL	 perf, 	f	2021-03-25T11:06:00+00:00
167	https://jvns.ca/notes/167	Why tabs\tand spaces	 rust, 	f	2019-09-30T09:09:00+00:00
168	https://sqlite.org/a/2021/x/168	Why vacuum	LINUX, shell,python,	f	2020-10-10T20:28:00+00:00
169	https://man7.org/x/2021/169	Ünïcode in locks	SHELL,Databases,networking ,DEVOPS	f	2020-01-04T08:08:00+00:00
170	https://danluu.com/notes/170	Understanding tabs\tand spaces	DEVOPS,databases ,PYTHON	f	2020-10-30T04:50:00+00:00
171	https://man7.org/posts/x/x/171	How to tabs\tand spaces	databases,rust,career ,linux , 	f	2022-05-04T03:46:00+00:00
172	https://news.ycombinator.com/x/guide/2021/172	Ünïcode in vacuum	DEVOPS,Career	f	2020-04-07T17:28:00+00:00
173	https://postgresql.org/x/posts/docs/173	Why the GIL	LINUX,Design,	f	2020-06-29T03:56:00+00:00
174	https://news.ycombinator.com/notes/docs/174	How to indexes	postgres,	f	2022-03-26T05:39:00+00:00
175	https://docs.python.org/posts/175	Understanding locks	Security	f	2021-10-07T02:07:00+00:00
176	https://man7.org/x/2021/posts/176	Notes on systemd	\N	f	2019-10-28T10:08:00+00:00
177	https://postgresql.org/2021/notes/177	Why vacuum	Postgres,shell,SECURITY,DEVOPS,	f	2020-02-03T06:33:00+00:00
178	https://danluu.com/x/2021/178	A tour of cgroups	design,Linux	f	2023-02-03T00:07:00+00:00
179	https://blog.cloudflare.com/x/179	Why systemd	Perf,design ,Networking,Career,	f	2023-02-02T05:47:00+00:00
180	https://blog.cloudflare.com/notes/180	How to the GIL	SECURITY,databases 	f	2021-04-10T18:33:00+00:00
181	https://man7.org/a/notes/181	Debugging indexes	RUST, 	f	2022-11-08T03:23:00+00:00
182	https://sqlite.org/guide/x/2021/182	Notes on systemd	Python,SHELL,LINUX	f	2022-12-14T09:52:00+00:00
183	https://blog.cloudflare.com/x/notes/183	Ünïcode in the GIL	python ,shell,career,perf	f	2022-08-19T18:02:00+00:00
184	https://man7.org/a/184	Ünïcode in vacuum	 postgres	f	2022-01-31T10:08:00+00:00
185	https://wiki.debian.org/x/2021/x/185	How to indexes	Security,postgres ,Linux,Databases	f	2021-04-17T05:00:00+00:00
186	https://postgresql.org/posts/notes/notes/186	Why vacuum	CAREER,Shell	f	2021-08-06T19:52:00+00:00
187	https://danluu.com/guide/187	Notes on tabs\tand spaces	 design,linux,perf, security, 	f	2022-04-03T18:01:00+00:00
188	https://lwn.net/guide/2021/188	Understanding the GIL	RUST, databases	f	2022-07-31T18:48:00+00:00
189	https://jvns.ca/2021/189	A tour of systemd	 networking, databases,CAREER,rust ,	f	2023-02-20T18:20:00+00:00
190	https://brendangregg.com/notes/posts/190	How to vacuum	databases, postgres,career ,perf	f	2020-01-19T07:11:00+00:00
191	https://lwn.net/guide/191	A tour of cgroups	databases,Perf, 	f	2019-09-14T09:45:00+00:00
192	https://jvns.ca/guide/x/192	A tour of TLS	\N	f	2021-05-07T22:04:00+00:00
193	https://github.com/a/193	Ünïcode in TLS	DATABASES,Design,python, 	f	2022-02-14T13:26:00+00:00
194	https://jvns.ca/a/posts/2021/194	How to indexes	networking	f	2022-05-28T06:15:00+00:00
195	https://jvns.ca/x/docs/guide/195	Ünïcode in the GIL	SHELL,postgres, python, networking,	f	2021-09-19T11:40:00+00:00
196	https://brendangregg.com/notes/a/posts/196	Ünïcode in indexes	postgres,shell 	t	2021-03-09T10:55:00+00:00
197	https://wiki.debian.org/2021/a/197	Ünïcode in locks	 postgres,Python, security,databases, 	f	2021-07-30T14:51:00+00:00
198	https://sqlite.org/guide/2021/a/198	Notes on TLS	security ,shell,CAREER, 	f	2021-09-22T16:00:00+00:00
199	https://danluu.com/notes/docs/2021/199	Why the GIL	DESIGN,RUST,Postgres, perf, 	f	2021-01-18T17:54:00+00:00
200	https://sqlite.org/posts/posts/200	Debugging locks	rust, career,perf,python, 	f	2023-02-19T09:48:00+00:00
201	https://news.ycombinator.com/docs/201	Why the GIL	databases 	f	2021-05-13T17:19:00+00:00
202	https://jvns.ca/2021/x/a/202	Why TLS	networking 	f	2021-09-08T01:14:00+00:00
203	https://github.com/a/203	Understanding systemd	rust,NETWORKING,Devops, databases	f	2020-02-18T03:10:00+00:00
204	https://news.ycombinator.com/docs/204	Debugging indexes	python ,Shell,postgres 	f	2022-09-12T04:28:00+00:00
205	https://wiki.debian.org/docs/posts/205	Why tabs\tand spaces	 shell,Career, 	f	2022-10-16T12:13:00+00:00
206	https://github.com/2021/206	Notes on vacuum	Career,	f	2021-01-11T06:02:00+00:00
207	https://postgresql.org/guide/notes/a/207	Understanding cgroups	rust ,SHELL,Linux, 	f	2021-04-14T18:50:00+00:00
208	https://blog.cloudflare.com/docs/posts/208	A tour of systemd	linux,networking, python,rust 	f	2021-10-20T11:24:00+00:00
209	https://news.ycombinator.com/x/2021/209	A tour of vacuum	RUST,databases,perf,security	f	2022-06-13T00:05:00+00:00
210	https://lwn.net/posts/docs/210	Notes on cgroups	shell,	f	2019-06-28T11:36:00+00:00
211	https://man7.org/guide/2021/a/211	Notes on locks	design ,LINUX	f	2020-06-09T09:38:00+00:00
212	https://postgresql.org/x/2021/posts/212	How to vacuum	\N	f	2021-05-02T11:06:00+00:00
213	https://sqlite.org/guide/notes/posts/213	Understanding epoll	Networking,	f	2020-08-12T07:25:00+00:00
214	https://news.ycombinator.com/notes/x/214	Understanding indexes	Postgres	f	2020-08-11T17:36:00+00:00
215	https://brendangregg.com/guide/x/posts/215	How to vacuum	linux	f	2021-09-16T19:16:00+00:00
216	https://lwn.net/2021/notes/x/216	Debugging cgroups	 databases,python, 	f	2019-04-25T14:42:00+00:00
217	https://sqlite.org/x/posts/217	Why TLS	databases	f	2019-05-28T17:26:00+00:00
218	https://sqlite.org/x/docs/notes/218	How to vacuum	PYTHON,databases	f	2021-09-11T02:09:00+00:00
219	https://brendangregg.com/x/2021/notes/219	Notes on vacuum	databases 	f	2022-12-31T21:01:00+00:00
220	https://blog.cloudflare.com/docs/posts/220	Notes on indexes	python ,postgres	f	2022-06-22T01:37:00+00:00
221	https://docs.python.org/posts/a/221	Why tabs\tand spaces	 postgres, 	f	2019-06-11T04:27:00+00:00
222	https://brendangregg.com/notes/notes/x/222	Understanding TLS	Shell,Design,	f	2021-05-31T15:04:00+00:00
223	https://postgresql.org/2021/posts/223	Why cgroups	databases,linux,devops,	f	2022-01-28T21:25:00+00:00
224	https://danluu.com/docs/224	How to locks	linux,networking	f	2021-07-22T02:34:00+00:00
225	https://sqlite.org/a/225	How to tabs\tand spaces	postgres 	f	2021-03-13T01:00:00+00:00
226	https://jvns.ca/guide/notes/226	Ünïcode in TLS	devops,networking ,Databases,shell	f	2022-06-06T13:28:00+00:00
227	https://jvns.ca/2021/guide/227	Notes on locks	 security, python,LINUX, rust	f	2022-02-24T11:06:00+00:00
228	https://brendangregg.com/guide/228	Understanding tabs\tand spaces	design,	f	2019-08-28T17:57:00+00:00
229	https://wiki.debian.org/guide/2021/229	Understanding locks	databases , design, 	t	2021-09-01T01:43:00+00:00
230	https://brendangregg.com/posts/230	Why systemd	Devops,PYTHON,linux, 	t	2021-05-19T03:43:00+00:00
231	https://sqlite.org/notes/231	A tour of TLS	Rust,POSTGRES, perf,career , 	f	2022-05-10T12:54:00+00:00
232	https://lwn.net/docs/docs/232	Understanding TLS	 databases,Devops	f	2021-08-10T05:54:00+00:00
233	https://jvns.ca/posts/233	Notes on epoll	databases 	f	2023-01-03T00:50:00+00:00
234	https://news.ycombinator.com/x/docs/234	How to indexes	shell	f	2020-10-30T06:33:00+00:00
235	https://lwn.net/guide/235	Ünïcode in indexes	PYTHON,career, shell, linux	t	2023-01-08T09:03:00+00:00
236	https://postgresql.org/posts/236	Debugging cgroups	rust ,networking 	f	2019-09-21T01:54:00+00:00
237	https://brendangregg.com/docs/237	Understanding the GIL	\N	f	2019-10-17T04:39:00+00:00
238	https://danluu.com/docs/238	How to epoll	Security,perf , postgres,	f	2022-10-16T07:27:00+00:00
239	https://docs.python.org/guide/2021/a/239	Why cgroups	 design,linux ,Perf,python,	f	2022-01-12T06:20:00+00:00
240	https://wiki.debian.org/notes/2021/240	A tour of systemd	POSTGRES,PYTHON,rust,DESIGN	f	2022-10-09T22:59:00+00:00
241	https://lwn.net/guide/docs/2021/241	Understanding the GIL	networking,design , 	f	2022-07-07T16:57:00+00:00
242	https://news.ycombinator.com/posts/242	How to TLS	 security,python ,devops, networking	f	2021-11-17T07:11:00+00:00
243	https://danluu.com/a/a/x/243	A tour of TLS	security, 	f	2022-09-10T01:48:00+00:00
244	https://docs.python.org/2021/244	Why cgroups	postgres,DEVOPS,	f	2021-06-01T06:30:00+00:00
245	https://news.ycombinator.com/docs/2021/245	Why indexes	Devops,PYTHON,linux, networking	f	2019-12-15T21:46:00+00:00
246	https://sqlite.org/notes/246	Ünïcode in TLS	career, 	f	2020-01-25T19:42:00+00:00
247	https://danluu.com/x/notes/x/247	Debugging cgroups	devops 	f	2022-03-11T08:03:00+00:00
248	https://docs.python.org/docs/docs/2021/248	Debugging vacuum		f	2020-06-23T09:29:00+00:00
249	https://wiki.debian.org/x/2021/docs/249	Debugging tabs\tand spaces	\N	f	2019-05-06T16:03:00+00:00
250	https://sqlite.org/posts/250	Ünïcode in locks	POSTGRES,Design, python	f	2020-02-03T09:10:00+00:00
251	https://blog.cloudflare.com/guide/posts/posts/251	Notes on indexes	Perf, career	t	2020-09-28T17:17:00+00:00
252	https://sqlite.org/docs/docs/2021/252	Understanding epoll	 career, databases,DESIGN,shell	t	2021-08-12T13:07:00+00:00
253	https://docs.python.org/x/a/253	How to indexes	DESIGN,networking,python ,SHELL	f	2022-10-09T12:14:00+00:00
254	https://lwn.net/posts/254	Notes on tabs\tand spaces		t	2020-12-27T22:04:00+00:00
255	https://blog.cloudflare.com/a/posts/255	Why systemd	career ,	f	2022-12-27T19:34:00+00:00
256	https://jvns.ca/x/256	Why epoll	 career,databases,PYTHON,security 	t	2020-10-17T18:38:00+00:00
257	https://docs.python.org/2021/257	Ünïcode in indexes	PERF,rust	f	2022-12-04T06:36:00+00:00
258	https://brendangregg.com/posts/258	How to locks	linux,security ,DATABASES,shell, 	f	2022-09-15T07:14:00+00:00
259	https://github.com/docs/2021/259	Understanding cgroups	rust ,PYTHON,shell ,networking	f	2022-10-18T17:23:00+00:00
260	https://man7.org/guide/a/posts/260	A tour of cgroups	networking	f	2022-04-24T20:01:00+00:00
261	https://danluu.com/posts/261	How to epoll	linux , networking,shell ,databases,	f	2023-01-12T22:42:00+00:00
262	https://brendangregg.com/a/a/262	Ünïcode in indexes	Networking,Python	t	2020-11-03T18:09:00+00:00
263	https://lwn.net/a/a/x/263	How to epoll	python ,devops ,POSTGRES,Design,	f	2020-12-20T23:48:00+00:00
264	https://news.ycombinator.com/posts/posts/264	Why tabs\tand spaces	 shell,	f	2019-10-12T16:11:00+00:00
265	https://sqlite.org/x/265	A tour of epoll	shell ,devops,NETWORKING	f	2019-11-23T21:17:00+00:00
266	https://wiki.debian.org/notes/notes/notes/266	Ünïcode in the GIL	networking ,career, 	f	2020-04-02T18:19:00+00:00
267	https://man7.org/guide/x/posts/267	A tour of systemd	security,linux,Devops, 	f	2019-09-25T11:05:00+00:00
268	https://lwn.net/guide/notes/268	Why systemd	Linux	f	2021-06-28T08:13:00+00:00
269	https://github.com/a/269	How to vacuum	shell,DEVOPS,	f	2019-07-10T18:05:00+00:00
270	https://brendangregg.com/docs/docs/a/270	A tour of systemd	Linux,postgres,Devops,perf, 	f	2020-05-09T09:19:00+00:00
271	https://blog.cloudflare.com/a/guide/271	A tour of indexes	\N	f	2020-06-01T04:32:00+00:00
272	https://docs.python.org/2021/notes/notes/272	Ünïcode in the GIL	Python, networking,	f	2019-09-03T07:00:00+00:00
273	https://jvns.ca/guide/docs/273	Understanding tabs\tand spaces	design,	f	2021-02-06T22:59:00+00:00
274	https://brendangregg.com/posts/guide/x/274	Ünïcode in the GIL	NETWORKING,perf,design	f	2021-03-31T17:30:00+00:00
275	https://jvns.ca/docs/275	Why indexes	Security,RUST	f	2021-10-20T10:02:00+00:00
276	https://github.com/guide/notes/docs/276	Why tabs\tand spaces	DEVOPS	f	2019-04-17T05:35:00+00:00
277	https://blog.cloudflare.com/notes/posts/277	Ünïcode in indexes	Linux, databases	t	2021-07-07T03:11:00+00:00
278	https://jvns.ca/2021/278	A tour of TLS	linux,python,devops	f	2020-12-23T23:34:00+00:00
279	https://news.ycombinator.com/2021/a/posts/279	Why TLS	rust , shell,design, 	f	2022-11-22T02:40:00+00:00
280	https://sqlite.org/a/280	Understanding epoll	 python, shell,CAREER, devops,	f	2020-03-26T14:08:00+00:00
281	https://brendangregg.com/docs/guide/281	Notes on vacuum	DESIGN, 	f	2019-11-04T11:09:00+00:00
282	https://brendangregg.com/notes/282	A tour of tabs\tand spaces	DEVOPS, 	f	2021-10-02T04:23:00+00:00
283	https://wiki.debian.org/posts/283	Why systemd	 design,rust 	f	2022-02-26T10:57:00+00:00
284	https://postgresql.org/2021/284	Understanding vacuum	security 	f	2020-08-06T22:12:00+00:00
285	https://blog.cloudflare.com/guide/posts/notes/285	Understanding TLS	 postgres,	f	2019-11-02T05:09:00+00:00
286	https://wiki.debian.org/docs/286	Notes on cgroups	perf,shell ,	f	2022-11-25T08:42:00+00:00
287	https://jvns.ca/guide/x/287	Understanding indexes	postgres, python	t	2023-02-24T14:55:00+00:00
288	https://postgresql.org/2021/288	How to cgroups	 career, postgres,SECURITY	f	2023-01-16T02:48:00+00:00
289	https://github.com/docs/notes/289	Debugging locks	devops,shell,databases, linux	f	2022-10-28T11:57:00+00:00
290	https://danluu.com/notes/290	Why vacuum	design,POSTGRES,	f	2022-02-11T13:42:00+00:00
291	https://danluu.com/x/291	Understanding TLS	\N	f	2021-01-31T21:43:00+00:00
292	https://github.com/a/docs/292	Why epoll	career , 	f	2021-02-04T17:49:00+00:00
293	https://github.com/2021/docs/posts/293	How to vacuum	DATABASES,networking	f	2022-11-29T09:15:00+00:00
294	https://postgresql.org/notes/294	Ünïcode in locks	networking,SECURITY,rust	f	2020-07-03T15:33:00+00:00
295	https://postgresql.org/x/docs/295	How to the GIL	Postgres,RUST, networking,python,	f	2020-04-04T05:30:00+00:00
296	https://man7.org/guide/296	A tour of systemd	Databases,DEVOPS,RUST,	f	2021-07-14T16:12:00+00:00
297	https://news.ycombinator.com/notes/posts/297	How to locks	Devops,NETWORKING,	t	2022-07-18T06:25:00+00:00
298	https://sqlite.org/docs/posts/guide/298	How to epoll	design ,devops,postgres	f	2019-06-10T15:17:00+00:00
299	https://lwn.net/a/a/guide/299	Notes on the GIL	 design,devops,career ,networking	f	2021-05-08T01:42:00+00:00
300	https://wiki.debian.org/posts/300	How to cgroups		f	2022-04-20T15:05:00+00:00
301	https://sqlite.org/notes/x/301	Ünïcode in the GIL	DEVOPS	f	2022-06-17T13:21:00+00:00
302	https://brendangregg.com/guide/posts/guide/302	Debugging tabs\tand spaces	\N	f	2020-06-22T16:39:00+00:00
303	https://wiki.debian.org/guide/a/303	Understanding locks	career	f	2021-02-05T22:14:00+00:00
304	https://postgresql.org/notes/304	Understanding locks	 design	f	2022-01-01T09:18:00+00:00
305	https://blog.cloudflare.com/guide/posts/docs/305	Ünïcode in cgroups	\N	f	2020-05-26T12:03:00+00:00
306	https://lwn.net/a/notes/306	How to the GIL	\N	t	2022-08-23T01:24:00+00:00
307	https://github.com/notes/posts/307	Notes on vacuum	shell ,CAREER,security 	f	2021-06-18T23:14:00+00:00
308	https://sqlite.org/2021/guide/x/308	Ünïcode in vacuum	databases , 	f	2022-12-16T15:38:00+00:00
309	https://brendangregg.com/posts/2021/309	Debugging epoll	DATABASES,security,Networking,LINUX, 	f	2022-11-21T17:05:00+00:00
310	https://github.com/guide/310	A tour of epoll	linux, career,design,Perf	f	2021-07-23T11:23:00+00:00
311	https://jvns.ca/notes/posts/x/311	Notes on systemd		f	2019-07-03T18:48:00+00:00
312	https://news.ycombinator.com/x/docs/a/312	How to cgroups	databases,career,Shell,postgres , 	f	2021-12-26T02:20:00+00:00
313	https://man7.org/a/313	Notes on indexes	design, rust, postgres	t	2019-04-21T19:57:00+00:00
314	https://news.ycombinator.com/a/posts/314	Understanding systemd	PERF,	f	2019-10-29T01:10:00+00:00
315	https://blog.cloudflare.com/x/2021/a/315	How to tabs\tand spaces	Databases,python,PERF,	f	2023-02-15T11:45:00+00:00
316	https://sqlite.org/guide/316	A tour of the GIL	security ,	f	2020-10-31T18:49:00+00:00
317	https://man7.org/docs/2021/docs/317	Understanding epoll	DESIGN,networking,CAREER,postgres, 	f	2022-04-27T02:01:00+00:00
318	https://docs.python.org/2021/318	Why cgroups	design,devops,Databases	f	2021-08-21T09:39:00+00:00
319	https://danluu.com/a/posts/319	A tour of tabs\tand spaces	postgres,design,perf , 	f	2020-06-24T13:10:00+00:00
320	https://wiki.debian.org/notes/guide/320	Why epoll	python,rust,perf,Career,	f	2019-07-10T00:08:00+00:00
321	https://news.ycombinator.com/notes/posts/321	Understanding the GIL		f	2020-09-01T01:52:00+00:00
322	https://blog.cloudflare.com/x/docs/322	Debugging cgroups	perf,linux ,career,	f	2022-06-08T18:16:00+00:00
323	https://jvns.ca/docs/323	Notes on the GIL	databases 	t	2021-04-21T14:04:00+00:00
324	https://sqlite.org/guide/a/324	Notes on epoll	databases ,postgres, linux,	f	2023-02-11T18:33:00+00:00
325	https://github.com/2021/posts/notes/325	A tour of epoll	 career,linux,perf,postgres 	f	2020-10-12T05:48:00+00:00
326	https://docs.python.org/guide/x/docs/326	How to cgroups	Linux, shell,devops,networking ,	f	2021-08-08T04:41:00+00:00
327	https://docs.python.org/guide/x/327	A tour of epoll	security,rust, 	t	2019-07-02T02:54:00+00:00
328	https://sqlite.org/a/2021/328	Debugging vacuum	design,Linux, 	f	2021-11-01T06:38:00+00:00
329	https://wiki.debian.org/posts/guide/2021/329	Notes on the GIL		t	2020-12-31T03:52:00+00:00
330	https://danluu.com/x/330	How to locks	 rust,Databases,LINUX,design 	t	2020-07-06T14:33:00+00:00
331	https://lwn.net/posts/a/notes/331	Debugging cgroups	shell, career	f	2022-05-24T11:52:00+00:00
332	https://danluu.com/notes/posts/a/332	Why epoll	RUST,security,python,networking,	f	2022-05-27T18:29:00+00:00
333	https://postgresql.org/guide/333	Understanding the GIL	python,devops, rust	f	2020-06-18T03:14:00+00:00
334	https://docs.python.org/notes/a/posts/334	Ünïcode in locks	DEVOPS,databases	t	2019-12-14T07:13:00+00:00
335	https://brendangregg.com/a/335	Understanding cgroups	 networking, devops,Perf,POSTGRES	f	2019-10-12T17:46:00+00:00
336	https://man7.org/posts/x/posts/336	Understanding vacuum	networking,Security,CAREER,postgres , 	f	2019-07-26T21:46:00+00:00
337	https://wiki.debian.org/notes/337	A tour of epoll	DESIGN,python , databases,devops	t	2019-08-10T05:10:00+00:00
338	https://postgresql.org/2021/a/338	Debugging tabs\tand spaces	 security,perf,Databases	f	2022-05-09T07:07:00+00:00
339	https://brendangregg.com/notes/339	Why locks	career, databases, shell	t	2021-03-16T15:07:00+00:00
340	https://sqlite.org/notes/340	Notes on vacuum		f	2019-06-03T00:15:00+00:00
341	https://danluu.com/docs/x/341	A tour of TLS	 perf,security,Devops	f	2022-12-04T09:05:00+00:00
342	https://danluu.com/docs/342	Notes on locks	security,Perf,rust	f	2020-08-08T08:08:00+00:00
343	https://news.ycombinator.com/2021/343	A tour of epoll	python,postgres, shell,	f	2022-02-08T15:24:00+00:00
344	https://lwn.net/notes/2021/344	Why TLS	security,devops, 	f	2021-02-14T21:58:00+00:00
345	https://lwn.net/a/2021/345	Debugging indexes	security , design,	f	2020-07-06T11:52:00+00:00
346	https://wiki.debian.org/guide/x/guide/346	Ünïcode in indexes	PERF,networking 	f	2021-01-28T19:28:00+00:00
347	https://github.com/docs/a/347	A tour of epoll	networking,devops ,perf , 	f	2021-02-12T15:39:00+00:00
348	https://docs.python.org/notes/348	Notes on locks	RUST,shell,career , design, 	f	2022-12-24T22:17:00+00:00
349	https://jvns.ca/notes/guide/349	Why tabs\tand spaces	postgres 	f	2021-04-01T22:38:00+00:00
350	https://lwn.net/docs/guide/docs/350	Notes on the GIL		f	2022-04-13T11:22:00+00:00
351	https://brendangregg.com/x/x/docs/351	How to the GIL	shell	f	2022-08-16T04:49:00+00:00
352	https://github.com/notes/352	How to indexes	design,devops	f	2020-10-06T22:01:00+00:00
353	https://danluu.com/notes/x/353	How to systemd	\N	f	2021-05-11T19:18:00+00:00
354	https://github.com/docs/354	A tour of tabs\tand spaces	linux, 	f	2022-10-30T13:51:00+00:00
355	https://danluu.com/2021/guide/355	Understanding epoll	 career,security, devops,Perf	f	2022-09-09T03:33:00+00:00
356	https://github.com/2021/356	Why TLS	Networking,design ,python,linux, 	f	2022-11-15T22:57:00+00:00
357	https://postgresql.org/notes/357	Why the GIL	python ,linux,DEVOPS	f	2020-06-17T15:33:00+00:00
358	https://postgresql.org/guide/docs/358	A tour of vacuum	security , 	t	2021-04-30T16:42:00+00:00
359	https://docs.python.org/x/posts/359	Notes on locks	career	f	2022-11-21T19:44:00+00:00
360	https://blog.cloudflare.com/posts/docs/360	Debugging indexes	Networking	f	2020-05-17T01:29:00+00:00
361	https://jvns.ca/x/361	Notes on TLS	Design	f	2021-07-30T06:45:00+00:00
362	https://sqlite.org/x/362	Debugging indexes	 postgres, 	f	2021-05-28T10:31:00+00:00
363	https://brendangregg.com/posts/363	Ünïcode in the GIL	\N	f	2022-09-27T13:56:00+00:00
364	https://github.com/notes/364	A tour of cgroups	Rust, devops, shell,security 	f	2023-01-08T14:47:00+00:00
365	https://news.ycombinator.com/2021/2021/docs/365	How to the GIL	perf,Networking	f	2019-04-18T23:29:00+00:00
366	https://lwn.net/2021/x/docs/366	A tour of vacuum	 python,Databases, postgres,rust ,	f	2021-03-13T03:07:00+00:00
367	https://danluu.com/posts/docs/guide/367	Ünïcode in epoll	devops, 	f	2021-10-25T12:08:00+00:00
368	https://sqlite.org/guide/notes/docs/368	Why the GIL	 design	f	2022-01-10T03:19:00+00:00
369	https://brendangregg.com/2021/369	Understanding locks	design ,Databases, 	f	2020-08-09T17:25:00+00:00
370	https://news.ycombinator.com/posts/guide/posts/370	Notes on epoll	Linux,Perf,devops, 	f	2019-10-24T23:20:00+00:00
371	https://lwn.net/guide/2021/371	Understanding TLS	 rust,postgres	f	2020-09-08T20:08:00+00:00
372	https://wiki.debian.org/docs/372	How to vacuum	RUST,Linux	f	2022-01-28T12:24:00+00:00
373	https://postgresql.org/notes/posts/373	How to systemd	NETWORKING,shell ,perf, linux,	f	2019-03-20T07:46:00+00:00
374	https://lwn.net/2021/posts/notes/374	Debugging indexes	\N	f	2020-02-08T09:34:00+00:00
375	https://news.ycombinator.com/a/guide/375	How to cgroups	shell,databases,perf,CAREER	f	2019-05-26T13:41:00+00:00
376	https://docs.python.org/x/x/376	Why the GIL	Design	f	2021-12-08T22:23:00+00:00
377	https://docs.python.org/posts/docs/377	Why indexes	\N	f	2019-06-26T14:54:00+00:00
378	https://blog.cloudflare.com/x/x/2021/378	Understanding vacuum	Linux,	t	2019-06-28T17:33:00+00:00
379	https://docs.python.org/docs/379	How to systemd	rust ,networking , devops,	f	2019-08-15T17:01:00+00:00
380	https://docs.python.org/guide/380	Why the GIL	Perf,databases,career ,SECURITY,	f	2019-08-25T03:13:00+00:00
381	https://github.com/2021/x/381	A tour of tabs\tand spaces	 shell	t	2020-08-03T00:26:00+00:00
382	https://docs.python.org/posts/docs/382	Why locks	rust	f	2020-12-12T18:23:00+00:00
383	https://lwn.net/guide/383	A tour of tabs\tand spaces	postgres,career ,devops,	f	2019-08-14T10:06:00+00:00
384	https://jvns.ca/2021/384	Debugging indexes	design,Postgres,NETWORKING, devops,	f	2020-10-18T11:39:00+00:00
385	https://postgresql.org/a/guide/385	Debugging indexes	 python,Networking,devops	f	2022-05-29T23:28:00+00:00
386	https://man7.org/x/386	How to systemd	 perf	f	2022-07-30T15:05:00+00:00
387	https://sqlite.org/posts/2021/387	Debugging cgroups	devops, linux	f	2020-12-16T10:44:00+00:00
388	https://docs.python.org/notes/a/2021/388	Debugging epoll		t	2022-08-25T01:27:00+00:00
389	https://postgresql.org/posts/docs/389	Debugging vacuum	design,DEVOPS,shell ,CAREER,	f	2020-10-30T03:02:00+00:00
390	https://sqlite.org/docs/posts/390	Debugging TLS	Linux, rust,python	f	2020-01-30T20:50:00+00:00
391	https://docs.python.org/docs/x/391	A tour of vacuum	 postgres,devops, rust,databases	t	2022-09-15T14:23:00+00:00
392	https://jvns.ca/docs/notes/x/392	Understanding vacuum	shell	f	2022-01-06T13:19:00+00:00
393	https://brendangregg.com/notes/posts/a/393	How to locks	DESIGN,security,linux	f	2019-05-08T16:11:00+00:00
394	https://sqlite.org/posts/394	Debugging locks	 design,linux,postgres ,Shell	f	2021-04-26T16:04:00+00:00
395	https://danluu.com/posts/2021/posts/395	How to epoll	career,	f	2020-08-20T13:40:00+00:00
396	https://github.com/notes/396	Debugging epoll	shell,Postgres,Career,	t	2019-09-28T09:36:00+00:00
397	https://jvns.ca/a/guide/a/397	Understanding TLS	perf,DATABASES,rust,career ,	f	2021-04-20T21:29:00+00:00
398	https://github.com/a/a/398	How to locks	 databases,linux,DEVOPS	f	2021-12-21T08:32:00+00:00
399	https://brendangregg.com/a/notes/399	Understanding the GIL	perf ,rust, 	f	2020-12-31T15:18:00+00:00
400	https://jvns.ca/a/400	A tour of TLS	Python, databases,security,	f	2022-07-24T06:27:00+00:00
401	https://wiki.debian.org/x/x/posts/401	Why the GIL	Postgres, shell,DATABASES,	f	2022-04-10T19:57:00+00:00
402	https://brendangregg.com/guide/402	Debugging systemd	Databases, python,rust 	f	2019-03-31T09:50:00+00:00
403	https://postgresql.org/notes/403	A tour of cgroups	career,NETWORKING,design, linux,	f	2020-01-21T02:55:00+00:00
404	https://lwn.net/notes/404	Notes on tabs\tand spaces	 databases,perf	f	2020-04-06T19:47:00+00:00
405	https://github.com/guide/docs/405	Ünïcode in vacuum	shell , 	f	2019-10-01T17:31:00+00:00
406	https://github.com/notes/posts/406	Ünïcode in indexes	networking, devops	f	2020-12-05T06:37:00+00:00
407	https://lwn.net/guide/407	Debugging indexes		f	2019-10-22T02:17:00+00:00
408	https://jvns.ca/docs/408	Understanding indexes	design , networking,	f	2022-07-25T16:47:00+00:00
409	https://sqlite.org/x/x/409	Understanding the GIL	Networking,RUST,CAREER,perf	f	2019-03-30T15:11:00+00:00
410	https://lwn.net/2021/posts/x/410	Ünïcode in locks	Shell	f	2022-10-11T21:37:00+00:00
411	https://brendangregg.com/x/docs/411	Notes on tabs\tand spaces	python ,	f	2020-10-18T21:29:00+00:00
412	https://brendangregg.com/posts/412	Notes on indexes	career,linux, 	f	2022-09-10T20:29:00+00:00
413	https://news.ycombinator.com/posts/x/notes/413	Ünïcode in systemd	databases,	f	2020-06-26T06:38:00+00:00
414	https://wiki.debian.org/2021/notes/posts/414	A tour of cgroups	design ,PERF	f	2019-06-30T21:33:00+00:00
415	https://blog.cloudflare.com/2021/notes/415	How to vacuum	security ,devops,PYTHON,career, 	f	2020-09-12T19:06:00+00:00
416	https://postgresql.org/posts/guide/guide/416	Notes on locks	rust ,networking ,postgres,	t	2019-10-23T20:07:00+00:00
417	https://jvns.ca/2021/x/posts/417	A tour of locks	networking, shell,linux ,	f	2022-07-15T04:15:00+00:00
418	https://danluu.com/2021/418	Ünïcode in the GIL	design,linux ,CAREER,security, 	f	2021-05-08T02:00:00+00:00
419	https://github.com/notes/posts/419	Why TLS	 networking	f	2021-07-21T15:50:00+00:00
420	https://sqlite.org/notes/420	Debugging locks		f	2019-09-20T21:01:00+00:00
421	https://postgresql.org/a/421	Ünïcode in locks	rust ,shell ,Databases,	f	2020-09-17T11:19:00+00:00
422	https://sqlite.org/a/2021/422	Ünïcode in tabs\tand spaces	Rust, devops, security,Design,	f	2019-07-07T17:24:00+00:00
423	https://danluu.com/2021/posts/posts/423	How to vacuum		f	2021-08-28T23:29:00+00:00
424	https://github.com/guide/docs/notes/424	Understanding tabs\tand spaces	postgres,design	t	2021-11-12T06:44:00+00:00
425	https://github.com/a/2021/a/425	Notes on TLS	Networking,Career,DATABASES,rust	t	2021-05-06T08:26:00+00:00
426	https://docs.python.org/a/notes/posts/426	How to cgroups	perf,career,shell ,databases,	f	2021-01-03T05:51:00+00:00
427	https://github.com/guide/427	Ünïcode in systemd	databases,LINUX, security, 	f	2021-12-01T06:48:00+00:00
428	https://blog.cloudflare.com/a/a/a/428	How to epoll	security 	f	2022-01-14T07:00:00+00:00
429	https://danluu.com/docs/guide/429	Notes on the GIL	Rust, perf,Databases,Design	f	2019-12-24T00:58:00+00:00
430	https://jvns.ca/guide/2021/2021/430	Understanding TLS	linux,DESIGN,databases	f	2023-01-09T00:27:00+00:00
431	https://wiki.debian.org/posts/431	Understanding cgroups	\N	f	2019-04-06T22:42:00+00:00
432	https://docs.python.org/notes/432	Understanding TLS	Networking,DESIGN, rust,	t	2020-04-04T00:01:00+00:00
433	https://lwn.net/docs/notes/x/433	Ünïcode in systemd	 design,	f	2021-12-08T10:05:00+00:00
434	https://lwn.net/2021/guide/x/434	Understanding the GIL	\N	f	2021-09-30T14:58:00+00:00
435	https://wiki.debian.org/posts/notes/435	How to cgroups	postgres , 	f	2019-03-18T09:08:00+00:00
436	https://man7.org/guide/2021/x/436	Ünïcode in epoll	python ,linux 	f	2021-04-11T19:57:00+00:00
437	https://github.com/docs/437	A tour of tabs\tand spaces	networking, linux,rust 	f	2022-04-25T18:52:00+00:00
438	https://docs.python.org/notes/docs/posts/438	Ünïcode in vacuum	shell	f	2020-08-02T13:06:00+00:00
439	https://man7.org/posts/2021/a/439	How to the GIL	 career,DEVOPS,	f	2022-02-10T19:18:00+00:00
440	https://lwn.net/2021/a/a/440	Notes on tabs\tand spaces	NETWORKING,PERF,SECURITY,devops, 	t	2022-04-07T19:38:00+00:00
441	https://lwn.net/guide/notes/2021/441	Why locks	rust,design ,	f	2022-11-22T01:59:00+00:00
442	https://lwn.net/posts/posts/guide/442	Ünïcode in vacuum	shell,design, 	f	2021-12-22T15:20:00+00:00
443	https://wiki.debian.org/docs/docs/443	Understanding vacuum	Security,Databases, python,design	f	2022-03-17T09:18:00+00:00
444	https://danluu.com/docs/docs/444	Debugging vacuum	rust , security,perf ,design 	t	2022-03-01T01:59:00+00:00
445	https://blog.cloudflare.com/x/a/posts/445	Debugging the GIL	career , 	f	2021-10-08T09:08:00+00:00
446	https://blog.cloudflare.com/x/446	How to systemd	career,devops ,Rust,	f	2022-10-29T04:16:00+00:00
447	https://lwn.net/docs/x/447	Debugging indexes		f	2019-09-28T22:32:00+00:00
448	https://danluu.com/posts/a/guide/448	Debugging indexes	 databases, design,career	t	2021-08-26T18:51:00+00:00
449	https://sqlite.org/guide/posts/449	How to TLS	 python,security,shell , 	f	2021-02-03T14:54:00+00:00
450	https://news.ycombinator.com/guide/x/docs/450	How to indexes	postgres,databases,RUST,shell	f	2021-11-15T10:41:00+00:00
451	https://postgresql.org/2021/notes/451	Debugging tabs\tand spaces	linux, perf,career 	f	2022-06-10T19:13:00+00:00
452	https://github.com/notes/guide/2021/452	A tour of systemd	\N	f	2019-12-07T06:02:00+00:00
453	https://jvns.ca/2021/a/docs/453	Why cgroups	python,	f	2022-09-25T20:39:00+00:00
454	https://docs.python.org/a/454	Notes on epoll	 career,python,perf,networking	f	2020-02-02T10:10:00+00:00
455	https://news.ycombinator.com/docs/455	Notes on cgroups	Postgres	f	2021-04-26T06:10:00+00:00
456	https://news.ycombinator.com/2021/456	Understanding vacuum	LINUX,python,DATABASES, postgres,	t	2020-03-18T00:48:00+00:00
457	https://jvns.ca/notes/x/457	Notes on tabs\tand spaces	Databases,security , perf, 	f	2020-01-26T11:24:00+00:00
458	https://wiki.debian.org/a/458	How to the GIL	security,devops, 	f	2019-07-19T09:44:00+00:00
459	https://man7.org/posts/notes/a/459	Understanding cgroups	 databases, networking	f	2022-03-04T04:21:00+00:00
460	https://man7.org/2021/notes/a/460	How to cgroups	postgres ,shell , perf, security, 	f	2019-09-25T16:24:00+00:00
461	https://postgresql.org/x/guide/x/461	How to epoll		f	2022-08-20T19:18:00+00:00
462	https://man7.org/notes/a/a/462	Debugging locks	linux,	f	2021-05-06T23:15:00+00:00
463	https://wiki.debian.org/x/463	Notes on systemd	Postgres	f	2022-09-15T20:42:00+00:00
464	https://news.ycombinator.com/2021/docs/464	Debugging the GIL	\N	f	2019-04-27T14:44:00+00:00
465	https://github.com/2021/465	A tour of TLS	postgres,perf	t	2020-09-12T21:03:00+00:00
466	https://brendangregg.com/guide/466	Why TLS	 perf, security	f	2019-06-03T13:31:00+00:00
467	https://danluu.com/2021/notes/docs/467	How to the GIL	RUST	t	2022-06-13T10:10:00+00:00
468	https://sqlite.org/posts/a/posts/468	Understanding systemd	linux,Rust	f	2019-09-18T22:21:00+00:00
469	https://jvns.ca/x/posts/469	Understanding systemd	 perf,PYTHON	f	2021-11-19T22:57:00+00:00
470	https://sqlite.org/2021/470	Notes on locks	perf, 	f	2023-02-08T21:09:00+00:00
471	https://wiki.debian.org/posts/x/471	How to tabs\tand spaces	linux,Networking,design,RUST	f	2020-02-25T04:49:00+00:00
472	https://sqlite.org/a/notes/2021/472	Understanding the GIL	 networking,	f	2020-04-17T08:02:00+00:00
473	https://danluu.com/guide/a/473	Understanding cgroups	shell,postgres ,	f	2021-12-22T13:44:00+00:00
474	https://blog.cloudflare.com/guide/x/2021/474	How to locks	perf,Postgres,DATABASES,python, 	f	2022-08-21T15:56:00+00:00
475	https://man7.org/docs/guide/a/475	Why vacuum	postgres,PYTHON,design	f	2019-08-28T23:06:00+00:00
476	https://blog.cloudflare.com/notes/476	A tour of the GIL		f	2020-07-09T09:28:00+00:00
477	https://github.com/posts/notes/477	Why vacuum	 security,postgres,	t	2020-06-22T01:01:00+00:00
478	https://postgresql.org/docs/docs/478	How to cgroups	linux,career, shell,design,	f	2019-03-13T21:00:00+00:00
479	https://postgresql.org/x/2021/479	Debugging the GIL	shell,career 	f	2021-05-29T21:30:00+00:00
480	https://news.ycombinator.com/docs/480	How to vacuum	 rust,security, databases,	f	2022-07-19T07:48:00+00:00
481	https://sqlite.org/x/481	A tour of locks	PERF	f	2020-08-31T10:34:00+00:00
482	https://wiki.debian.org/posts/2021/notes/482	Ünïcode in epoll	shell,linux ,rust , 	f	2019-03-06T07:29:00+00:00
483	https://wiki.debian.org/a/483	A tour of epoll	linux,Rust,networking,Shell, 	f	2021-10-24T17:00:00+00:00
484	https://blog.cloudflare.com/posts/484	Notes on the GIL	 linux, 	t	2021-12-29T03:36:00+00:00
485	https://github.com/docs/guide/485	A tour of vacuum	shell ,security, 	f	2019-10-20T08:03:00+00:00
486	https://jvns.ca/posts/486	Why indexes	devops ,DESIGN,security,shell 	f	2021-01-28T21:46:00+00:00
487	https://jvns.ca/guide/notes/x/487	Ünïcode in indexes	DESIGN	f	2022-11-15T07:08:00+00:00
488	https://lwn.net/docs/docs/x/488	Ünïcode in vacuum	POSTGRES,career ,design ,SECURITY	f	2020-10-31T15:58:00+00:00
489	https://wiki.debian.org/x/489	Understanding locks	linux,	f	2022-02-05T01:23:00+00:00
490	https://sqlite.org/guide/2021/posts/490	A tour of cgroups	security 	f	2022-12-25T19:24:00+00:00
491	https://brendangregg.com/2021/491	Understanding cgroups	linux ,	t	2021-04-24T19:53:00+00:00
492	https://blog.cloudflare.com/guide/a/492	Understanding systemd	\N	f	2020-05-21T03:37:00+00:00
493	https://wiki.debian.org/2021/493	Understanding vacuum	Linux,security,	f	2021-09-01T01:49:00+00:00
494	https://sqlite.org/guide/2021/494	Why the GIL		f	2021-08-17T12:11:00+00:00
495	https://lwn.net/2021/guide/495	Why epoll	PERF,networking,python,Career	f	2020-08-27T04:39:00+00:00
496	https://brendangregg.com/a/x/a/496	Ünïcode in systemd	\N	f	2020-08-08T14:14:00+00:00
497	https://postgresql.org/notes/notes/497	Debugging tabs\tand spaces	databases	f	2019-07-04T11:52:00+00:00
498	https://lwn.net/posts/498	Debugging TLS		f	2021-08-15T12:09:00+00:00
499	https://github.com/2021/guide/posts/499	A tour of systemd	postgres,	f	2019-05-12T09:45:00+00:00
500	https://man7.org/x/docs/2021/500	Ünïcode in TLS	perf ,NETWORKING, 	t	2021-07-17T13:04:00+00:00
501	https://danluu.com/guide/2021/posts/501	Understanding TLS	linux,devops,rust,Postgres	f	2022-08-09T03:47:00+00:00
502	https://man7.org/guide/a/502	Understanding locks	Devops,DESIGN,SECURITY	f	2019-09-19T02:28:00+00:00
503	https://news.ycombinator.com/docs/a/503	Notes on vacuum	Career,python,rust,perf,	f	2021-06-28T05:44:00+00:00
504	https://lwn.net/a/504	A tour of vacuum	linux , career	f	2022-11-11T08:32:00+00:00
505	https://jvns.ca/notes/x/docs/505	A tour of indexes	Devops	f	2022-09-20T16:21:00+00:00
506	https://danluu.com/2021/506	Understanding vacuum	PERF	f	2019-08-31T23:49:00+00:00
507	https://brendangregg.com/2021/507	Understanding epoll	NETWORKING,Linux,CAREER	f	2022-11-03T01:42:00+00:00
508	https://lwn.net/notes/guide/notes/508	Understanding systemd	perf , career,	f	2020-05-26T21:32:00+00:00
509	https://lwn.net/notes/a/docs/509	How to cgroups	\N	f	2020-06-16T16:40:00+00:00
510	https://brendangregg.com/notes/docs/510	Understanding vacuum		t	2023-02-10T14:17:00+00:00
511	https://sqlite.org/notes/511	Debugging the GIL	devops ,DATABASES,Perf, 	f	2021-08-31T05:01:00+00:00
512	https://sqlite.org/2021/guide/posts/512	How to TLS	 postgres, 	f	2020-01-17T16:07:00+00:00
513	https://jvns.ca/guide/513	Understanding epoll	Postgres	f	2019-05-12T04:02:00+00:00
514	https://wiki.debian.org/2021/docs/514	Notes on tabs\tand spaces	devops, python,security, 	f	2021-04-05T17:51:00+00:00
515	https://jvns.ca/x/515	Understanding systemd	security , 	f	2022-06-01T08:15:00+00:00
516	https://jvns.ca/2021/a/516	Debugging vacuum	DATABASES,career ,python, security	f	2022-04-27T19:12:00+00:00
517	https://postgresql.org/docs/517	How to vacuum	career,Design,security ,	f	2020-08-16T21:32:00+00:00
518	https://postgresql.org/docs/518	How to cgroups	design , security,PERF	f	2019-03-15T02:41:00+00:00
519	https://sqlite.org/2021/519	Ünïcode in cgroups	 design,	f	2019-05-18T22:49:00+00:00
520	https://danluu.com/posts/520	A tour of tabs\tand spaces	security 	f	2021-08-11T21:42:00+00:00
521	https://jvns.ca/2021/posts/521	Understanding indexes	postgres,databases 	f	2022-07-30T04:26:00+00:00
522	https://jvns.ca/2021/docs/522	A tour of the GIL	design ,Databases,Linux, 	f	2022-11-15T19:22:00+00:00
523	https://postgresql.org/x/a/523	A tour of the GIL	perf,postgres,Linux	f	2022-05-04T08:06:00+00:00
524	https://jvns.ca/posts/x/notes/524	Debugging vacuum		f	2019-07-11T14:28:00+00:00
525	https://docs.python.org/x/525	Debugging vacuum	Databases, networking, perf,SECURITY	f	2021-02-03T22:34:00+00:00
526	https://wiki.debian.org/a/x/a/526	Debugging systemd	NETWORKING,postgres, devops,perf,	f	2020-08-04T16:09:00+00:00
527	https://sqlite.org/guide/2021/a/527	A tour of locks	networking ,python	f	2019-09-10T08:34:00+00:00
528	https://postgresql.org/x/528	Understanding locks	Design, 	f	2023-01-14T23:14:00+00:00
529	https://sqlite.org/2021/2021/529	Debugging TLS	 python, 	f	2022-01-18T18:42:00+00:00
530	https://docs.python.org/docs/posts/posts/530	How to systemd	python,	f	2021-06-28T05:48:00+00:00
531	https://wiki.debian.org/notes/531	Debugging tabs\tand spaces	\N	f	2020-07-10T01:18:00+00:00
532	https://news.ycombinator.com/notes/2021/posts/532	Ünïcode in TLS	Shell,career,Python, 	f	2022-07-16T21:00:00+00:00
533	https://postgresql.org/notes/533	Understanding indexes	design ,devops	f	2020-08-29T10:34:00+00:00
534	https://news.ycombinator.com/a/guide/534	How to locks	\N	f	2020-10-07T09:56:00+00:00
535	https://news.ycombinator.com/docs/docs/2021/535	Notes on the GIL	rust , security,python ,devops , 	f	2020-08-04T16:13:00+00:00
536	https://danluu.com/a/x/a/536	A tour of locks	career,rust,DEVOPS,	t	2023-01-04T13:34:00+00:00
537	https://news.ycombinator.com/x/a/537	Debugging locks	Perf	f	2022-12-22T21:29:00+00:00
538	https://wiki.debian.org/docs/538	Debugging indexes	linux,python, 	f	2019-03-01T10:17:00+00:00
539	https://sqlite.org/docs/posts/539	Debugging indexes	Career, 	f	2021-12-14T16:03:00+00:00
540	https://brendangregg.com/notes/540	Why vacuum	perf,devops	f	2021-09-13T04:55:00+00:00
541	https://github.com/notes/docs/guide/541	Debugging vacuum	databases,DEVOPS,networking	f	2020-09-25T01:08:00+00:00
542	https://man7.org/notes/posts/542	Notes on TLS	Rust,Databases,SHELL, 	f	2020-01-01T14:28:00+00:00
543	https://postgresql.org/2021/543	Ünïcode in epoll	DATABASES, rust,Postgres,	f	2022-05-05T11:48:00+00:00
544	https://lwn.net/docs/544	Ünïcode in TLS	Shell,databases,	f	2020-02-20T22:06:00+00:00
545	https://danluu.com/notes/545	Debugging cgroups	Shell,design,rust ,postgres 	f	2020-07-15T00:31:00+00:00
546	https://news.ycombinator.com/2021/posts/x/546	Debugging locks	design	f	2020-01-25T03:59:00+00:00
547	https://github.com/docs/547	Debugging locks	career ,PYTHON,linux , 	f	2022-07-25T10:13:00+00:00
548	https://docs.python.org/notes/a/posts/548	A tour of indexes	PERF,DATABASES, security	f	2020-01-17T15:31:00+00:00
549	https://blog.cloudflare.com/posts/guide/2021/549	Understanding systemd	design,	f	2020-12-12T15:00:00+00:00
550	https://wiki.debian.org/posts/550	Why epoll	shell , perf,python	f	2022-11-11T16:40:00+00:00
551	https://blog.cloudflare.com/a/551	Debugging tabs\tand spaces	linux	f	2019-07-14T02:19:00+00:00
552	https://danluu.com/2021/guide/552	Notes on systemd	python,linux, postgres,	f	2021-11-07T22:04:00+00:00
553	https://blog.cloudflare.com/a/2021/a/553	Understanding epoll	DESIGN, 	f	2021-03-15T02:53:00+00:00
554	https://blog.cloudflare.com/posts/notes/notes/554	Understanding vacuum		t	2022-07-31T15:12:00+00:00
555	https://sqlite.org/x/notes/2021/555	Ünïcode in indexes	\N	f	2019-12-31T18:05:00+00:00
556	https://man7.org/a/a/556	Why epoll	python,career 	f	2020-02-08T02:05:00+00:00
557	https://github.com/a/notes/557	Debugging tabs\tand spaces	postgres,devops ,rust	f	2023-02-15T12:48:00+00:00
558	https://docs.python.org/notes/x/notes/558	Debugging systemd	CAREER, design	f	2021-12-21T21:46:00+00:00
559	https://man7.org/2021/x/559	Notes on locks	\N	t	2021-08-04T23:03:00+00:00
560	https://wiki.debian.org/a/560	Ünïcode in TLS	 postgres,Networking,Career	f	2020-07-03T17:44:00+00:00
561	https://danluu.com/a/guide/561	Notes on TLS	postgres,LINUX,	f	2021-12-03T13:53:00+00:00
562	https://sqlite.org/posts/docs/562	A tour of vacuum	postgres,design , rust,Perf,	f	2020-02-06T00:21:00+00:00
563	https://docs.python.org/a/a/563	Ünïcode in the GIL	Rust	f	2022-03-18T22:01:00+00:00
564	https://docs.python.org/guide/posts/posts/564	Understanding TLS	devops,shell , 	f	2021-02-19T09:27:00+00:00
565	https://blog.cloudflare.com/notes/docs/a/565	Understanding the GIL	security,linux	t	2020-01-28T01:11:00+00:00
566	https://blog.cloudflare.com/a/guide/566	Debugging TLS	perf 	f	2022-02-14T20:50:00+00:00
567	https://news.ycombinator.com/notes/567	Notes on tabs\tand spaces	NETWORKING,shell,Devops, 	t	2022-03-04T10:25:00+00:00
568	https://danluu.com/guide/docs/x/568	Ünïcode in the GIL	LINUX,devops,design , security,	f	2020-05-22T08:00:00+00:00
569	https://news.ycombinator.com/docs/569	Understanding epoll	Devops,	f	2021-10-25T06:55:00+00:00
570	https://man7.org/posts/a/570	Why cgroups	 security,postgres, career, rust	t	2021-06-23T05:27:00+00:00
571	https://lwn.net/x/docs/guide/571	How to indexes	devops,Python	f	2021-09-09T07:25:00+00:00
572	https://danluu.com/posts/docs/572	Why tabs\tand spaces	linux , postgres	f	2021-07-16T01:39:00+00:00
573	https://lwn.net/docs/573	How to indexes	 devops,Design,databases , linux, 	f	2020-09-16T02:23:00+00:00
574	https://jvns.ca/posts/574	How to the GIL	design,python,databases,rust, 	t	2020-08-01T21:43:00+00:00
575	https://github.com/a/575	Ünïcode in indexes	rust,devops, 	t	2019-12-16T22:14:00+00:00
576	https://postgresql.org/guide/a/docs/576	Ünïcode in locks	postgres,security	f	2020-04-01T22:34:00+00:00
577	https://man7.org/guide/posts/577	Debugging the GIL	\N	f	2022-06-19T09:49:00+00:00
578	https://blog.cloudflare.com/2021/posts/578	A tour of tabs\tand spaces	Security	f	2019-07-12T16:34:00+00:00
579	https://brendangregg.com/guide/notes/a/579	A tour of tabs\tand spaces	linux,Perf,security 	f	2021-10-18T10:51:00+00:00
580	https://github.com/guide/notes/notes/580	Why TLS	career,rust , shell,	f	2022-10-01T12:53:00+00:00
581	https://brendangregg.com/posts/guide/docs/581	Understanding systemd	security,career,postgres, 	f	2020-12-16T05:25:00+00:00
582	https://news.ycombinator.com/x/582	Notes on TLS	databases,perf	f	2021-06-08T05:07:00+00:00
583	https://wiki.debian.org/2021/notes/docs/583	Debugging systemd	design ,linux ,POSTGRES,NETWORKING	f	2020-05-17T01:59:00+00:00
584	https://github.com/docs/docs/2021/584	Notes on vacuum	security,Rust,perf,postgres,	f	2022-05-29T18:04:00+00:00
585	https://lwn.net/x/x/585	Notes on tabs\tand spaces	linux,python,career ,	f	2019-10-29T18:27:00+00:00
586	https://jvns.ca/2021/586	Understanding TLS	DEVOPS,	f	2020-02-01T09:19:00+00:00
587	https://lwn.net/docs/2021/x/587	Why vacuum	python,Devops, shell,	f	2021-09-14T11:11:00+00:00
588	https://sqlite.org/docs/588	Debugging epoll	python, networking,Shell,perf	f	2020-03-01T23:25:00+00:00
589	https://blog.cloudflare.com/guide/589	Ünïcode in cgroups	Databases,rust	f	2019-12-11T05:44:00+00:00
590	https://lwn.net/posts/guide/2021/590	How to the GIL	Security, design,PERF	f	2022-03-29T08:11:00+00:00
591	https://wiki.debian.org/docs/guide/2021/591	How to TLS	 python,	f	2019-05-29T07:11:00+00:00
592	https://postgresql.org/notes/a/x/592	A tour of tabs\tand spaces	DEVOPS,perf,	f	2020-05-07T07:48:00+00:00
593	https://postgresql.org/docs/posts/x/593	Notes on TLS	security,RUST,Devops, 	f	2021-12-12T23:16:00+00:00
594	https://postgresql.org/x/594	Why cgroups	Linux,PYTHON,DEVOPS,security	f	2022-04-19T08:31:00+00:00
595	https://github.com/guide/595	Debugging vacuum	rust,career 	f	2019-03-31T21:17:00+00:00
596	https://jvns.ca/docs/596	Debugging tabs\tand spaces	Networking,	f	2020-02-19T22:25:00+00:00
597	https://sqlite.org/posts/notes/597	How to locks	\N	f	2020-04-02T18:11:00+00:00
598	https://wiki.debian.org/x/a/2021/598	Why the GIL	career ,linux,design,perf 	f	2020-01-13T07:32:00+00:00
599	https://wiki.debian.org/a/x/599	A tour of epoll	security 	f	2019-04-08T08:10:00+00:00
600	https://github.com/docs/posts/x/600	Ünïcode in cgroups	Security,Shell,Devops	f	2021-09-17T18:24:00+00:00
601	https://news.ycombinator.com/x/601	A tour of TLS		f	2021-01-19T20:58:00+00:00
602	https://man7.org/2021/602	How to systemd	 linux,design,perf ,CAREER	f	2021-12-14T03:38:00+00:00
603	https://man7.org/posts/603	A tour of cgroups	postgres,shell	f	2019-06-21T18:02:00+00:00
604	https://postgresql.org/notes/posts/docs/604	Debugging the GIL	perf,career,Networking,	f	2019-11-15T14:09:00+00:00
605	https://postgresql.org/guide/2021/docs/605	Ünïcode in epoll	linux,shell,Perf, career, 	f	2021-09-28T17:15:00+00:00
606	https://github.com/x/2021/606	How to TLS	security,databases, python,	f	2020-01-03T02:30:00+00:00
607	https://docs.python.org/a/2021/607	Notes on systemd		f	2020-08-31T20:23:00+00:00
608	https://wiki.debian.org/notes/x/posts/608	A tour of cgroups	Perf,design,RUST	f	2023-02-19T21:11:00+00:00
609	https://sqlite.org/docs/guide/609	A tour of cgroups	postgres,career,python ,rust,	t	2020-09-18T01:34:00+00:00
610	https://sqlite.org/posts/notes/docs/610	How to locks	CAREER,postgres,Networking,Rust	t	2022-05-09T13:34:00+00:00
611	https://danluu.com/guide/x/611	A tour of epoll	linux,perf,shell	t	2021-05-17T07:49:00+00:00
612	https://lwn.net/notes/docs/612	Why locks	PERF,Devops,career,PYTHON	f	2020-01-31T22:47:00+00:00
613	https://news.ycombinator.com/posts/a/guide/613	Understanding the GIL	postgres,design, 	f	2021-03-23T15:31:00+00:00
614	https://lwn.net/posts/notes/614	Understanding systemd	perf,postgres, 	f	2022-09-25T01:59:00+00:00
615	https://brendangregg.com/guide/615	Understanding indexes	networking,shell	f	2020-03-07T23:17:00+00:00
616	https://sqlite.org/docs/616	How to the GIL	Rust,networking ,Devops, python	f	2022-09-16T02:54:00+00:00
617	https://jvns.ca/notes/617	A tour of locks	 shell, devops	f	2019-07-11T04:31:00+00:00
618	https://github.com/docs/618	Understanding cgroups	career	f	2020-11-07T10:40:00+00:00
619	https://jvns.ca/2021/posts/619	Understanding tabs\tand spaces	networking,shell, linux,Perf	f	2020-04-26T09:47:00+00:00
620	https://wiki.debian.org/2021/620	A tour of TLS	python,	f	2019-07-17T13:22:00+00:00
621	https://sqlite.org/docs/posts/docs/621	Why epoll	postgres,networking , 	f	2020-05-31T11:12:00+00:00
622	https://wiki.debian.org/a/622	Understanding locks	 networking	f	2020-02-04T11:53:00+00:00
623	https://jvns.ca/x/x/a/623	A tour of systemd	networking,LINUX,rust, postgres,	f	2019-09-04T11:40:00+00:00
624	https://brendangregg.com/guide/a/624	A tour of tabs\tand spaces	CAREER,design ,databases, 	f	2020-02-19T10:08:00+00:00
625	https://lwn.net/notes/guide/625	A tour of vacuum	 devops,python,linux,	f	2019-07-13T09:55:00+00:00
626	https://danluu.com/posts/guide/626	Debugging vacuum	\N	f	2020-02-07T21:54:00+00:00
627	https://brendangregg.com/docs/a/docs/627	Debugging vacuum	career,Devops, design	f	2022-05-12T03:22:00+00:00
628	https://news.ycombinator.com/docs/628	How to locks	rust,	f	2022-01-13T22:53:00+00:00
629	https://postgresql.org/notes/629	Why the GIL	perf	f	2020-03-14T15:44:00+00:00
630	https://wiki.debian.org/guide/a/630	Ünïcode in the GIL	DATABASES,	f	2020-04-18T07:05:00+00:00
631	https://danluu.com/posts/631	Understanding TLS	Rust, databases, postgres	f	2019-11-05T22:23:00+00:00
632	https://brendangregg.com/2021/632	Notes on systemd		f	2021-12-09T04:51:00+00:00
633	https://postgresql.org/2021/guide/633	How to the GIL	 rust,Security	f	2020-02-03T14:10:00+00:00
634	https://brendangregg.com/a/docs/634	How to cgroups	career,design	f	2020-08-16T07:51:00+00:00
635	https://blog.cloudflare.com/notes/635	Ünïcode in the GIL	\N	f	2020-05-03T05:17:00+00:00
636	https://wiki.debian.org/x/x/2021/636	A tour of tabs\tand spaces		f	2019-05-17T04:21:00+00:00
637	https://brendangregg.com/2021/guide/637	Understanding epoll	linux	f	2022-03-29T12:40:00+00:00
638	https://sqlite.org/x/638	Ünïcode in tabs\tand spaces	shell 	f	2021-08-02T08:48:00+00:00
639	https://brendangregg.com/notes/docs/639	Why systemd	SHELL,perf,devops, 	f	2022-11-10T11:31:00+00:00
640	https://brendangregg.com/docs/notes/x/640	Debugging vacuum	python,rust ,Networking,	f	2023-01-16T02:20:00+00:00
641	https://postgresql.org/2021/x/notes/641	Understanding locks	 databases	f	2020-04-03T08:30:00+00:00
642	https://github.com/x/642	Why locks	 devops,Design,	f	2021-09-27T16:58:00+00:00
643	https://blog.cloudflare.com/posts/643	Ünïcode in cgroups	linux	t	2020-02-24T00:52:00+00:00
644	https://man7.org/a/a/644	A tour of systemd	Rust, 	f	2020-01-12T10:09:00+00:00
645	https://github.com/x/x/645	How to vacuum	 security,databases,networking ,shell	t	2022-03-31T06:33:00+00:00
646	https://news.ycombinator.com/posts/646	Notes on cgroups	PERF,Linux	f	2021-12-31T06:13:00+00:00
647	https://postgresql.org/2021/647	How to vacuum	career,python ,DESIGN,Devops,	t	2019-03-29T09:54:00+00:00
648	https://blog.cloudflare.com/a/a/648	How to locks	rust,security ,	f	2019-10-28T21:23:00+00:00
649	https://lwn.net/a/x/posts/649	A tour of tabs\tand spaces	perf ,Rust,networking ,LINUX	f	2019-06-14T02:51:00+00:00
650	https://blog.cloudflare.com/docs/a/650	Notes on vacuum	postgres,shell ,	f	2021-10-23T08:36:00+00:00
651	https://blog.cloudflare.com/guide/notes/2021/651	Debugging epoll	 databases,SECURITY, career,devops	f	2020-10-20T03:25:00+00:00
652	https://lwn.net/2021/652	Ünïcode in locks	perf , rust, design	f	2020-01-01T16:28:00+00:00
653	https://blog.cloudflare.com/posts/guide/653	Why TLS	 networking,LINUX,Career,perf, 	f	2021-10-29T07:07:00+00:00
654	https://sqlite.org/a/654	Notes on TLS	databases ,security ,python, postgres	f	2020-11-12T05:49:00+00:00
655	https://github.com/guide/docs/655	How to locks	 shell	f	2020-07-24T17:56:00+00:00
656	https://man7.org/2021/656	Why tabs\tand spaces	security,POSTGRES,linux 	f	2020-06-09T15:35:00+00:00
657	https://wiki.debian.org/guide/657	How to tabs\tand spaces	networking ,shell,postgres ,DESIGN	f	2019-06-20T03:34:00+00:00
658	https://jvns.ca/a/notes/658	Why indexes	career,SHELL,RUST,devops, 	f	2022-08-18T20:40:00+00:00
659	https://brendangregg.com/docs/659	How to indexes	PYTHON,security ,linux ,Databases, 	f	2021-05-27T10:26:00+00:00
660	https://brendangregg.com/a/660	Ünïcode in epoll	Shell,databases,perf, postgres	f	2019-09-30T23:22:00+00:00
661	https://news.ycombinator.com/a/661	A tour of vacuum	DATABASES	f	2022-01-09T15:57:00+00:00
662	https://wiki.debian.org/guide/x/guide/662	Ünïcode in TLS	DATABASES,shell ,perf, 	t	2021-01-04T23:30:00+00:00
663	https://postgresql.org/notes/guide/663	Notes on epoll	perf, design	f	2022-10-27T15:41:00+00:00
664	https://blog.cloudflare.com/notes/x/posts/664	A tour of tabs\tand spaces	SECURITY	f	2022-09-27T17:15:00+00:00
665	https://sqlite.org/2021/665	A tour of indexes	python,security	t	2021-03-26T11:57:00+00:00
666	https://docs.python.org/posts/666	A tour of systemd	career,NETWORKING, 	f	2019-05-18T13:45:00+00:00
667	https://lwn.net/notes/667	Why the GIL	Databases, 	f	2019-06-02T02:50:00+00:00
668	https://wiki.debian.org/x/docs/2021/668	How to TLS	\N	f	2023-02-16T14:34:00+00:00
669	https://lwn.net/x/669	A tour of TLS	career,DESIGN,rust ,DEVOPS	f	2022-04-05T11:50:00+00:00
670	https://wiki.debian.org/a/docs/x/670	Notes on the GIL	postgres,networking ,design,linux , 	f	2022-08-21T06:38:00+00:00
671	https://postgresql.org/a/671	Notes on vacuum	\N	f	2020-01-12T01:19:00+00:00
672	https://sqlite.org/posts/posts/672	Debugging locks	DATABASES,security, python,	f	2021-01-27T19:54:00+00:00
673	https://github.com/notes/x/673	How to TLS		f	2019-09-29T21:13:00+00:00
674	https://blog.cloudflare.com/notes/2021/674	Why locks	perf,Security,	f	2019-07-10T16:42:00+00:00
675	https://blog.cloudflare.com/notes/docs/posts/675	Ünïcode in TLS	 design,	f	2019-10-26T04:12:00+00:00
676	https://danluu.com/x/676	Notes on indexes	shell,rust 	f	2022-08-28T14:58:00+00:00
677	https://man7.org/notes/guide/guide/677	Why systemd	 design,rust 	t	2021-06-04T11:30:00+00:00
678	https://github.com/docs/posts/678	Debugging the GIL	NETWORKING,DATABASES	f	2021-11-04T18:24:00+00:00
679	https://sqlite.org/a/guide/x/679	A tour of tabs\tand spaces	rust ,design,career,	f	2021-08-03T01:56:00+00:00
680	https://man7.org/notes/x/x/680	Notes on vacuum	rust, 	f	2019-09-07T00:22:00+00:00
681	https://wiki.debian.org/a/guide/2021/681	How to indexes	postgres,linux,security	t	2019-11-16T18:17:00+00:00
682	https://man7.org/a/682	Debugging TLS	CAREER,rust,	f	2020-06-15T23:29:00+00:00
683	https://lwn.net/docs/683	A tour of indexes	\N	t	2021-06-16T11:46:00+00:00
684	https://brendangregg.com/2021/a/684	Understanding indexes	\N	f	2023-02-09T17:38:00+00:00
685	https://postgresql.org/x/a/a/685	Ünïcode in TLS	 networking	f	2022-05-07T08:55:00+00:00
686	https://danluu.com/docs/686	Why TLS	python,Devops,	f	2019-05-26T19:58:00+00:00
687	https://wiki.debian.org/notes/x/687	A tour of locks	design ,Rust,Networking,shell , 	f	2021-10-02T09:21:00+00:00
688	https://postgresql.org/a/688	Ünïcode in locks	\N	f	2020-10-31T19:09:00+00:00
689	https://brendangregg.com/notes/docs/notes/689	How to epoll	postgres,Design,linux ,career, 	f	2020-09-21T14:17:00+00:00
690	https://news.ycombinator.com/x/a/posts/690	A tour of locks	linux,security,	f	2021-10-13T04:08:00+00:00
691	https://blog.cloudflare.com/x/docs/691	Ünïcode in tabs\tand spaces	 linux,databases	f	2021-01-20T23:34:00+00:00
692	https://news.ycombinator.com/a/692	Debugging vacuum	 databases,design	f	2020-11-20T18:03:00+00:00
693	https://sqlite.org/a/x/notes/693	Understanding the GIL	design , devops, 	f	2021-09-20T02:43:00+00:00
694	https://wiki.debian.org/guide/docs/694	Understanding TLS	Design, 	f	2022-03-08T01:53:00+00:00
695	https://jvns.ca/a/695	Ünïcode in cgroups	linux ,Devops,	f	2020-04-21T02:56:00+00:00
696	https://blog.cloudflare.com/x/696	How to tabs\tand spaces	python,Devops, networking, 	f	2021-08-30T18:46:00+00:00
697	https://jvns.ca/2021/guide/697	Understanding cgroups	career,shell,devops,	f	2021-05-23T22:52:00+00:00
698	https://wiki.debian.org/docs/posts/698	A tour of tabs\tand spaces	perf ,rust,python 	f	2019-12-27T19:35:00+00:00
699	https://lwn.net/x/699	A tour of indexes		t	2022-02-07T02:38:00+00:00
700	https://blog.cloudflare.com/posts/docs/2021/700	Notes on the GIL	Linux	f	2019-03-29T19:15:00+00:00
701	https://man7.org/notes/notes/701	Ünïcode in TLS	 rust	f	2021-09-30T19:56:00+00:00
702	https://wiki.debian.org/2021/a/a/702	How to TLS	career,	f	2022-08-25T02:37:00+00:00
703	https://github.com/posts/703	Why TLS	perf , postgres	f	2021-01-31T16:11:00+00:00
704	https://danluu.com/2021/notes/a/704	How to tabs\tand spaces	databases,shell	f	2020-08-24T14:46:00+00:00
705	https://jvns.ca/docs/705	Notes on epoll	PERF,rust,shell , 	f	2021-08-27T08:50:00+00:00
706	https://sqlite.org/notes/706	Why the GIL	databases,Linux	f	2020-02-02T16:19:00+00:00
707	https://brendangregg.com/docs/2021/2021/707	Notes on locks	linux,shell, 	f	2021-04-02T02:01:00+00:00
708	https://news.ycombinator.com/x/708	How to tabs\tand spaces	\N	t	2021-03-23T19:53:00+00:00
709	https://sqlite.org/posts/notes/709	How to the GIL	perf ,Devops,python,DESIGN	t	2020-05-31T06:46:00+00:00
710	https://lwn.net/docs/guide/710	How to vacuum	shell ,Python,networking ,devops ,	f	2021-08-15T08:55:00+00:00
711	https://lwn.net/posts/711	Notes on tabs\tand spaces	networking,Career,security	f	2019-03-03T05:08:00+00:00
712	https://lwn.net/guide/712	How to TLS	POSTGRES,Design	t	2022-09-24T13:46:00+00:00
713	https://jvns.ca/x/guide/guide/713	Ünïcode in cgroups	 security,postgres, linux,career, 	f	2020-11-16T10:17:00+00:00
714	https://docs.python.org/notes/docs/2021/714	A tour of cgroups	 postgres,DATABASES,career	f	2021-07-28T19:58:00+00:00
715	https://news.ycombinator.com/notes/715	Ünïcode in indexes	Linux,	f	2021-08-15T22:41:00+00:00
716	https://wiki.debian.org/notes/posts/a/716	Ünïcode in tabs\tand spaces	postgres ,Career,DEVOPS,rust, 	f	2020-02-13T17:29:00+00:00
717	https://lwn.net/a/x/717	Ünïcode in epoll	perf	f	2021-06-11T10:19:00+00:00
718	https://github.com/a/718	A tour of systemd	rust ,	f	2023-01-02T05:14:00+00:00
719	https://lwn.net/2021/notes/posts/719	Debugging tabs\tand spaces	Networking,databases ,RUST, perf	f	2021-06-22T22:40:00+00:00
720	https://lwn.net/2021/720	Debugging systemd	Python	f	2021-03-12T07:01:00+00:00
721	https://man7.org/2021/docs/guide/721	Ünïcode in systemd	PYTHON	f	2019-06-16T06:46:00+00:00
722	https://jvns.ca/guide/a/722	Notes on systemd	design ,shell,POSTGRES,databases, 	f	2021-02-01T19:29:00+00:00
723	https://postgresql.org/posts/723	How to the GIL	 rust,postgres,	f	2019-05-09T08:42:00+00:00
724	https://lwn.net/docs/724	Debugging tabs\tand spaces	Postgres, career,perf, linux, 	f	2020-03-25T10:18:00+00:00
725	https://sqlite.org/docs/guide/725	Notes on indexes	RUST,Linux,perf 	f	2021-01-16T15:47:00+00:00
726	https://github.com/x/posts/a/726	Notes on vacuum	NETWORKING, perf, python,databases 	f	2021-07-14T09:57:00+00:00
727	https://jvns.ca/guide/727	Why the GIL	NETWORKING,python,perf,databases , 	f	2022-04-27T08:11:00+00:00
728	https://man7.org/notes/docs/728	A tour of cgroups	security,databases , 	t	2021-09-30T10:48:00+00:00
729	https://news.ycombinator.com/notes/729	Understanding the GIL	python, postgres,design,	f	2022-10-26T03:39:00+00:00
730	https://danluu.com/2021/730	How to indexes	\N	f	2020-07-14T07:42:00+00:00
731	https://man7.org/guide/731	How to locks	 networking, perf,Design, career	f	2019-12-26T10:31:00+00:00
732	https://brendangregg.com/a/732	Understanding epoll	python ,databases,LINUX,security	f	2020-04-27T09:00:00+00:00
733	https://brendangregg.com/a/733	Ünïcode in TLS	LINUX, 	f	2020-03-28T09:55:00+00:00
734	https://man7.org/a/docs/734	Why indexes	\N	f	2022-04-25T00:24:00+00:00
735	https://jvns.ca/x/735	Debugging indexes	Security,networking	f	2021-07-31T03:12:00+00:00
736	https://blog.cloudflare.com/docs/736	Ünïcode in TLS	linux,SECURITY	f	2022-07-07T15:45:00+00:00
737	https://brendangregg.com/notes/737	Understanding epoll	Rust	t	2022-07-18T04:51:00+00:00
738	https://jvns.ca/notes/738	Notes on TLS	design, security,Linux, devops,	f	2020-08-16T22:38:00+00:00
739	https://lwn.net/docs/a/739	Debugging cgroups	 perf,Postgres,shell ,security	f	2022-09-09T08:39:00+00:00
740	https://sqlite.org/x/740	Why vacuum	career ,devops, 	f	2022-10-25T02:42:00+00:00
741	https://brendangregg.com/a/741	A tour of systemd	shell,LINUX,Design,	f	2019-11-15T02:20:00+00:00
742	https://news.ycombinator.com/notes/docs/2021/742	Understanding vacuum	linux ,	f	2019-03-14T20:29:00+00:00
743	https://wiki.debian.org/a/guide/743	Why indexes	career ,SHELL,rust, networking,	f	2022-06-06T20:57:00+00:00
744	https://docs.python.org/notes/docs/2021/744	How to TLS	perf,RUST	f	2023-01-08T04:09:00+00:00
745	https://blog.cloudflare.com/2021/x/guide/745	Ünïcode in systemd	 shell,POSTGRES	f	2020-07-11T02:29:00+00:00
746	https://docs.python.org/posts/746	Ünïcode in tabs\tand spaces	python,NETWORKING,devops	f	2020-11-24T00:50:00+00:00
747	https://lwn.net/docs/notes/notes/747	Notes on cgroups	shell,DEVOPS, 	f	2021-01-14T02:26:00+00:00
748	https://postgresql.org/notes/2021/2021/748	How to the GIL	python	t	2022-06-20T00:39:00+00:00
749	https://jvns.ca/2021/guide/x/749	Why vacuum	security,DEVOPS, 	f	2022-03-23T11:25:00+00:00
750	https://danluu.com/guide/posts/docs/750	Ünïcode in the GIL	 devops, 	f	2019-07-08T17:19:00+00:00
751	https://github.com/docs/a/751	A tour of vacuum	SECURITY	f	2019-09-30T12:27:00+00:00
752	https://docs.python.org/docs/752	Ünïcode in TLS	\N	f	2022-07-29T05:34:00+00:00
753	https://jvns.ca/2021/docs/753	Understanding locks	Security,CAREER, networking,LINUX	f	2021-11-10T15:48:00+00:00
754	https://github.com/guide/notes/754	Why TLS	design,databases,RUST	f	2020-02-27T01:01:00+00:00
755	https://wiki.debian.org/x/2021/2021/755	Notes on locks	PERF,Linux,Devops, rust	f	2022-09-20T13:50:00+00:00
756	https://lwn.net/a/posts/notes/756	How to cgroups	Design	f	2022-03-21T08:45:00+00:00
757	https://danluu.com/a/757	Ünïcode in epoll	security, 	f	2022-07-02T22:20:00+00:00
758	https://lwn.net/x/guide/758	A tour of epoll	Perf,PYTHON,linux ,Databases	t	2020-08-20T04:18:00+00:00
759	https://wiki.debian.org/docs/guide/x/759	How to epoll	databases,python ,Design	t	2022-07-19T05:01:00+00:00
760	https://wiki.debian.org/posts/posts/posts/760	Notes on cgroups	databases ,security,shell 	f	2019-09-12T12:23:00+00:00
761	https://blog.cloudflare.com/x/notes/761	Understanding epoll	databases,Rust,Shell, 	f	2022-08-10T21:05:00+00:00
762	https://man7.org/docs/762	Why epoll	postgres,Shell,devops , networking, 	f	2021-02-11T03:55:00+00:00
763	https://lwn.net/x/2021/docs/763	How to TLS	Linux,PERF,postgres	f	2020-04-27T02:51:00+00:00
764	https://news.ycombinator.com/docs/764	A tour of indexes	databases , perf,Rust, linux,	t	2022-04-02T10:26:00+00:00
765	https://postgresql.org/posts/a/2021/765	Notes on locks	 devops,linux, 	f	2020-10-31T18:22:00+00:00
766	https://brendangregg.com/notes/766	Understanding the GIL	postgres ,LINUX	f	2019-12-05T22:43:00+00:00
767	https://wiki.debian.org/docs/767	Ünïcode in systemd	shell , 	f	2021-07-24T07:42:00+00:00
768	https://lwn.net/2021/guide/docs/768	A tour of locks	 career,Security,shell ,	f	2021-06-16T17:32:00+00:00
769	https://jvns.ca/guide/769	Notes on the GIL	linux, 	f	2019-10-25T15:37:00+00:00
770	https://news.ycombinator.com/posts/x/x/770	A tour of the GIL	perf ,rust,Networking,shell	f	2023-02-01T21:06:00+00:00
771	https://brendangregg.com/posts/notes/docs/771	Understanding locks	Security, 	f	2019-12-23T00:46:00+00:00
772	https://sqlite.org/notes/2021/772	Debugging the GIL	Career,	f	2022-01-17T16:34:00+00:00
773	https://sqlite.org/guide/a/a/773	Notes on cgroups	 postgres,perf,databases ,Python	f	2022-07-20T19:14:00+00:00
774	https://sqlite.org/a/notes/2021/774	How to tabs\tand spaces	perf , 	f	2022-07-08T12:47:00+00:00
775	https://postgresql.org/x/posts/775	A tour of cgroups	 databases, 	f	2019-07-31T12:40:00+00:00
776	https://news.ycombinator.com/x/notes/a/776	Debugging vacuum		f	2020-02-12T14:55:00+00:00
777	https://blog.cloudflare.com/notes/777	Debugging tabs\tand spaces	 python	f	2020-08-10T19:19:00+00:00
778	https://news.ycombinator.com/docs/x/x/778	How to epoll	devops,	f	2019-06-27T23:34:00+00:00
779	https://github.com/posts/notes/guide/779	Why locks	perf,shell,Career,	f	2020-06-10T13:17:00+00:00
780	https://github.com/2021/posts/x/780	A tour of TLS	devops, 	f	2021-11-10T08:57:00+00:00
781	https://man7.org/2021/a/781	A tour of vacuum	career ,databases ,postgres,LINUX, 	f	2020-07-27T16:29:00+00:00
782	https://sqlite.org/guide/x/782	Understanding cgroups	Rust,databases, 	f	2022-02-16T10:41:00+00:00
783	https://danluu.com/docs/783	Debugging TLS	postgres ,rust,Security,	f	2020-12-22T01:24:00+00:00
784	https://github.com/guide/posts/784	Notes on tabs\tand spaces	 linux,design,shell	f	2021-03-05T14:54:00+00:00
785	https://news.ycombinator.com/2021/notes/guide/785	How to epoll	networking,databases , shell,rust ,	f	2019-04-29T15:29:00+00:00
786	https://blog.cloudflare.com/2021/786	Ünïcode in TLS	linux ,	t	2019-03-21T19:47:00+00:00
787	https://docs.python.org/2021/a/787	Why TLS	devops,PERF,	f	2022-06-16T02:53:00+00:00
788	https://docs.python.org/docs/a/2021/788	Why cgroups	 perf, postgres,	f	2020-09-21T00:09:00+00:00
789	https://wiki.debian.org/a/notes/docs/789	Notes on TLS	POSTGRES,career,rust,devops 	f	2020-07-13T08:27:00+00:00
790	https://brendangregg.com/x/2021/a/790	How to TLS		f	2021-07-15T23:59:00+00:00
791	https://lwn.net/guide/docs/791	A tour of vacuum	python,shell	f	2023-01-23T09:33:00+00:00
792	https://postgresql.org/x/792	Debugging epoll	 devops, rust, shell,CAREER	f	2020-03-23T04:15:00+00:00
793	https://news.ycombinator.com/x/793	Ünïcode in epoll	security	f	2021-03-21T10:39:00+00:00
794	https://man7.org/docs/posts/x/794	Understanding indexes	rust , career, postgres	f	2019-10-19T10:11:00+00:00
795	https://danluu.com/x/a/795	Ünïcode in tabs\tand spaces	 design,CAREER,Postgres,python , 	f	2020-06-02T06:19:00+00:00
796	https://sqlite.org/2021/docs/796	A tour of the GIL	 devops,security	f	2020-09-08T18:28:00+00:00
797	https://docs.python.org/x/a/guide/797	Understanding tabs\tand spaces	security,rust, shell,linux	f	2019-08-19T13:02:00+00:00
798	https://sqlite.org/notes/x/docs/798	Ünïcode in cgroups	 career,LINUX,devops 	f	2021-02-23T22:39:00+00:00
799	https://news.ycombinator.com/guide/799	Debugging epoll	shell, 	f	2019-05-04T04:34:00+00:00
800	https://github.com/2021/guide/800	Why TLS	design,devops, shell,postgres	f	2020-06-21T09:40:00+00:00
801	https://sqlite.org/guide/a/801	Debugging cgroups	 networking,Postgres,Design, 	f	2020-01-17T21:38:00+00:00
802	https://jvns.ca/guide/x/a/802	Understanding tabs\tand spaces	databases 	f	2019-10-24T11:44:00+00:00
803	https://docs.python.org/a/803	Ünïcode in indexes	 networking	f	2020-11-05T09:38:00+00:00
804	https://jvns.ca/notes/804	Debugging systemd	shell,DATABASES, 	f	2019-09-30T12:58:00+00:00
805	https://brendangregg.com/guide/a/posts/805	Why indexes	databases ,	f	2020-02-24T18:25:00+00:00
806	https://postgresql.org/a/806	Why indexes	 design,rust 	f	2020-08-03T02:06:00+00:00
807	https://blog.cloudflare.com/guide/notes/notes/807	Understanding locks	 devops, 	f	2022-07-21T22:44:00+00:00
808	https://sqlite.org/posts/a/guide/808	Notes on vacuum	Security,linux,rust	f	2022-07-13T07:23:00+00:00
809	https://postgresql.org/guide/809	Ünïcode in tabs\tand spaces	 python,career	f	2022-01-30T23:22:00+00:00
810	https://man7.org/2021/guide/810	Understanding tabs\tand spaces	networking , 	t	2020-05-13T03:30:00+00:00
811	https://sqlite.org/a/guide/811	Ünïcode in locks	\N	f	2021-01-10T07:45:00+00:00
812	https://sqlite.org/a/notes/posts/812	Notes on tabs\tand spaces	POSTGRES,shell,Networking,	f	2021-04-21T19:34:00+00:00
813	https://postgresql.org/docs/813	Debugging epoll	linux ,networking,career ,shell, 	f	2021-10-24T19:24:00+00:00
814	https://danluu.com/guide/814	Ünïcode in locks	security ,PYTHON,career	t	2021-10-15T17:54:00+00:00
815	https://wiki.debian.org/posts/x/notes/815	Understanding TLS	Devops, 	f	2020-01-10T10:20:00+00:00
816	https://danluu.com/posts/notes/816	Understanding vacuum	\N	f	2019-08-15T19:17:00+00:00
817	https://brendangregg.com/notes/guide/817	How to TLS		f	2022-10-13T19:49:00+00:00
818	https://blog.cloudflare.com/x/notes/a/818	Ünïcode in TLS	networking ,POSTGRES	f	2022-02-17T07:52:00+00:00
819	https://sqlite.org/guide/819	Why TLS	DESIGN, security,devops 	f	2019-06-11T15:19:00+00:00
820	https://lwn.net/posts/x/notes/820	Why systemd	design ,	t	2019-11-10T13:47:00+00:00
821	https://man7.org/x/guide/a/821	Why epoll	linux,networking ,	f	2020-08-27T02:03:00+00:00
822	https://news.ycombinator.com/2021/822	Why TLS	shell, python, networking, 	f	2021-06-26T09:53:00+00:00
823	https://lwn.net/2021/2021/823	Notes on epoll	 devops	f	2022-07-11T17:17:00+00:00
824	https://docs.python.org/x/docs/824	Why TLS	devops	f	2020-08-15T04:13:00+00:00
825	https://github.com/x/guide/docs/825	A tour of TLS	security ,databases ,	f	2019-05-13T13:50:00+00:00
826	https://news.ycombinator.com/posts/826	How to epoll	\N	f	2019-04-24T08:06:00+00:00
827	https://docs.python.org/guide/a/guide/827	Notes on indexes	 devops,Perf,DATABASES,	f	2019-09-08T22:26:00+00:00
828	https://docs.python.org/guide/828	Understanding TLS	\N	f	2021-06-23T12:34:00+00:00
829	https://lwn.net/2021/x/2021/829	How to the GIL	DATABASES,Linux,SECURITY, 	t	2022-09-29T12:53:00+00:00
830	https://github.com/docs/830	Debugging the GIL		f	2022-01-31T23:55:00+00:00
831	https://blog.cloudflare.com/guide/831	Understanding vacuum	networking, 	f	2022-10-04T03:27:00+00:00
832	https://lwn.net/2021/guide/832	Why cgroups	databases,PERF,DESIGN,devops ,	f	2021-08-04T20:47:00+00:00
833	https://danluu.com/x/posts/a/833	Why TLS	postgres,Python,Shell	f	2022-09-05T16:04:00+00:00
834	https://brendangregg.com/a/834	Understanding cgroups	SECURITY, python	f	2022-01-29T06:11:00+00:00
835	https://postgresql.org/posts/835	Understanding vacuum	Design,POSTGRES,rust	f	2020-06-04T17:56:00+00:00
836	https://github.com/posts/2021/a/836	Understanding tabs\tand spaces	career,perf , databases,linux , 	f	2023-01-07T03:02:00+00:00
837	https://sqlite.org/2021/x/837	Debugging tabs\tand spaces	 postgres,linux ,DEVOPS,security,	f	2022-02-14T18:59:00+00:00
838	https://wiki.debian.org/notes/guide/838	Debugging indexes	 perf,Career,postgres , security	f	2019-12-28T10:21:00+00:00
839	https://postgresql.org/docs/839	Why vacuum	\N	f	2022-05-01T00:12:00+00:00
840	https://jvns.ca/guide/a/840	Ünïcode in the GIL	\N	f	2019-06-30T01:00:00+00:00
841	https://postgresql.org/notes/guide/841	Debugging TLS	 security,CAREER	f	2019-12-14T17:48:00+00:00
842	https://brendangregg.com/docs/a/842	Notes on tabs\tand spaces	shell , career,security,PYTHON	f	2020-05-12T19:02:00+00:00
843	https://brendangregg.com/posts/2021/docs/843	Notes on vacuum	Perf,security , shell,	f	2019-10-27T13:36:00+00:00
844	https://news.ycombinator.com/2021/docs/guide/844	Why tabs\tand spaces	LINUX, design,databases,	f	2020-02-21T17:19:00+00:00
845	https://brendangregg.com/x/posts/notes/845	How to the GIL	\N	f	2021-08-19T08:55:00+00:00
846	https://jvns.ca/posts/846	Understanding vacuum	python, design,linux , 	f	2022-11-24T02:24:00+00:00
847	https://postgresql.org/2021/posts/847	Understanding vacuum	security, rust,networking , 	f	2020-03-16T22:39:00+00:00
848	https://docs.python.org/notes/848	Debugging TLS	rust, design,Perf, 	f	2019-05-17T06:06:00+00:00
849	https://man7.org/posts/guide/849	Why locks	LINUX,python , 	f	2023-01-20T18:47:00+00:00
850	https://brendangregg.com/2021/2021/850	Ünïcode in locks	networking, 	f	2020-01-18T11:18:00+00:00
851	https://sqlite.org/a/docs/posts/851	Notes on TLS	perf,shell,career , security	f	2022-05-21T06:43:00+00:00
852	https://brendangregg.com/guide/852	A tour of TLS	\N	f	2020-09-06T12:39:00+00:00
853	https://danluu.com/2021/853	Why TLS	Postgres,career,linux ,Security	f	2021-11-27T19:45:00+00:00
854	https://lwn.net/guide/a/854	Ünïcode in tabs\tand spaces	 devops,LINUX,Postgres,rust, 	f	2019-08-20T10:56:00+00:00
855	https://brendangregg.com/2021/x/855	Ünïcode in systemd		f	2020-02-23T00:40:00+00:00
856	https://man7.org/posts/2021/posts/856	Understanding cgroups	devops	f	2022-09-18T09:59:00+00:00
857	https://man7.org/guide/a/2021/857	Why systemd	postgres	f	2022-12-14T07:28:00+00:00
858	https://brendangregg.com/2021/858	How to locks	perf ,shell ,DATABASES,RUST	f	2022-02-25T09:17:00+00:00
859	https://blog.cloudflare.com/2021/859	Ünïcode in systemd	Perf,Rust,PYTHON,shell,	f	2023-02-22T08:53:00+00:00
860	https://postgresql.org/2021/860	Debugging TLS	design,	f	2022-07-05T02:45:00+00:00
861	https://news.ycombinator.com/x/861	Why epoll	security,Networking	f	2019-03-13T12:51:00+00:00
862	https://man7.org/docs/notes/862	How to TLS	DATABASES	f	2019-05-01T22:25:00+00:00
863	https://docs.python.org/posts/x/863	Debugging vacuum	security, shell	f	2019-04-05T00:36:00+00:00
864	https://wiki.debian.org/docs/864	Ünïcode in epoll	devops,rust,SECURITY,postgres , 	f	2020-06-07T13:40:00+00:00
865	https://news.ycombinator.com/notes/guide/a/865	How to indexes	LINUX,postgres, security	f	2021-06-16T07:50:00+00:00
866	https://brendangregg.com/guide/guide/2021/866	Why systemd	perf, python,SHELL, 	f	2020-08-18T16:55:00+00:00
867	https://news.ycombinator.com/x/docs/867	Debugging TLS	PERF,postgres,career, python	f	2019-06-23T20:08:00+00:00
868	https://postgresql.org/x/guide/868	Why the GIL	devops ,Rust,Career,	t	2021-07-23T12:21:00+00:00
869	https://brendangregg.com/notes/notes/a/869	Why the GIL		f	2020-09-23T14:57:00+00:00
870	https://postgresql.org/a/870	Debugging the GIL	POSTGRES	t	2023-01-16T12:27:00+00:00
871	https://blog.cloudflare.com/a/871	Notes on TLS	Rust, 	f	2020-09-02T11:04:00+00:00
872	https://lwn.net/a/872	Debugging vacuum	 linux,devops,postgres	f	2020-02-11T07:57:00+00:00
873	https://lwn.net/x/873	Why TLS	 databases,Postgres, devops,PYTHON	f	2020-07-16T08:09:00+00:00
874	https://github.com/notes/2021/a/874	Notes on the GIL	postgres,databases,	f	2021-04-14T18:58:00+00:00
875	https://docs.python.org/notes/x/875	Notes on cgroups	 shell	f	2020-06-27T16:52:00+00:00
876	https://github.com/docs/docs/2021/876	A tour of tabs\tand spaces	 shell,	f	2022-01-19T01:06:00+00:00
877	https://blog.cloudflare.com/a/877	Understanding locks		f	2020-12-31T10:36:00+00:00
878	https://brendangregg.com/guide/guide/878	Notes on vacuum	design,perf,POSTGRES,databases,	f	2021-09-24T20:14:00+00:00
879	https://postgresql.org/notes/2021/guide/879	Debugging TLS	shell, career,	f	2019-08-09T16:02:00+00:00
880	https://jvns.ca/posts/guide/notes/880	Why indexes	linux,networking , rust,postgres, 	f	2022-08-31T06:09:00+00:00
881	https://news.ycombinator.com/notes/881	A tour of the GIL	\N	f	2020-12-10T22:30:00+00:00
882	https://github.com/guide/882	Notes on the GIL	career, linux,	f	2020-12-07T19:22:00+00:00
883	https://danluu.com/a/2021/posts/883	Why vacuum	perf,SHELL	f	2023-01-30T14:06:00+00:00
884	https://postgresql.org/a/a/2021/884	Why systemd	security , linux, rust,networking, 	f	2022-01-12T11:08:00+00:00
885	https://postgresql.org/x/885	A tour of the GIL	shell ,NETWORKING,Perf,DEVOPS,	f	2020-09-02T06:45:00+00:00
886	https://github.com/guide/886	Understanding systemd	DATABASES	f	2022-08-31T17:04:00+00:00
887	https://danluu.com/2021/posts/887	Debugging indexes	rust ,Perf	f	2020-05-25T13:01:00+00:00
888	https://news.ycombinator.com/a/888	Debugging indexes	 networking	f	2021-10-25T09:18:00+00:00
889	https://news.ycombinator.com/guide/notes/889	Debugging epoll	\N	f	2022-12-09T18:17:00+00:00
890	https://blog.cloudflare.com/notes/posts/2021/890	Why systemd	Security,Shell,python, career,	f	2020-10-12T05:20:00+00:00
891	https://docs.python.org/guide/posts/posts/891	Debugging cgroups	Security,python ,SHELL	f	2021-08-29T00:23:00+00:00
892	https://sqlite.org/posts/892	Notes on indexes	Rust,linux,python,databases, 	f	2022-10-19T01:58:00+00:00
893	https://sqlite.org/notes/2021/893	Ünïcode in locks	rust, perf, 	f	2020-04-16T04:05:00+00:00
894	https://postgresql.org/posts/894	How to the GIL	networking, 	f	2020-07-02T05:01:00+00:00
895	https://jvns.ca/docs/895	How to tabs\tand spaces	career,design , postgres	f	2022-04-05T04:26:00+00:00
896	https://news.ycombinator.com/notes/896	Ünïcode in indexes	shell	f	2021-05-24T19:29:00+00:00
897	https://postgresql.org/docs/897	How to the GIL	postgres,Python,security ,Databases	f	2022-07-17T17:06:00+00:00
898	https://postgresql.org/a/898	Understanding cgroups	linux, 	f	2021-08-11T03:47:00+00:00
899	https://jvns.ca/posts/a/2021/899	Notes on tabs\tand spaces	rust, 	f	2020-10-10T20:16:00+00:00
900	https://danluu.com/x/guide/2021/900	A tour of indexes	\N	f	2022-07-21T09:43:00+00:00
901	https://jvns.ca/2021/901	Understanding systemd	rust ,Security,devops	f	2019-09-27T13:22:00+00:00
902	https://postgresql.org/guide/docs/902	Why epoll	 postgres,security, 	f	2021-07-11T02:41:00+00:00
903	https://blog.cloudflare.com/guide/2021/guide/903	Ünïcode in cgroups	linux , databases, security,	f	2019-11-03T06:04:00+00:00
904	https://postgresql.org/guide/904	Ünïcode in indexes	Perf	f	2019-06-04T09:07:00+00:00
905	https://docs.python.org/a/905	A tour of systemd	LINUX, rust,networking	f	2021-08-12T16:46:00+00:00
906	https://lwn.net/notes/906	A tour of locks	databases, linux,Career,	f	2019-03-04T18:57:00+00:00
907	https://brendangregg.com/x/a/907	Notes on vacuum	\N	f	2019-05-05T20:18:00+00:00
908	https://wiki.debian.org/a/docs/908	Debugging cgroups	design,SECURITY,perf, databases,	t	2020-07-14T21:44:00+00:00
909	https://github.com/notes/a/2021/909	Debugging locks	career,DEVOPS,RUST, 	f	2021-05-16T19:58:00+00:00
910	https://blog.cloudflare.com/docs/2021/910	Notes on vacuum		f	2023-01-08T21:16:00+00:00
911	https://postgresql.org/a/a/docs/911	Why the GIL	 career,DATABASES,NETWORKING	f	2020-04-14T13:35:00+00:00
912	https://brendangregg.com/notes/a/x/912	Understanding tabs\tand spaces	perf	f	2020-05-29T09:23:00+00:00
913	https://brendangregg.com/guide/2021/913	Debugging cgroups	design ,SHELL,databases	f	2023-02-21T13:10:00+00:00
914	https://blog.cloudflare.com/notes/914	A tour of the GIL	career,databases,RUST	f	2020-09-09T21:21:00+00:00
915	https://sqlite.org/docs/a/docs/915	Debugging cgroups	Perf, postgres, devops	f	2022-04-29T09:13:00+00:00
916	https://danluu.com/x/2021/916	How to cgroups	Perf,networking, shell,	f	2022-08-15T09:52:00+00:00
917	https://blog.cloudflare.com/2021/a/a/917	Ünïcode in epoll	 linux,rust,devops,Shell	f	2020-06-17T05:05:00+00:00
918	https://github.com/x/notes/918	Why systemd	perf ,devops, security, 	f	2020-04-08T17:14:00+00:00
919	https://wiki.debian.org/docs/x/919	Ünïcode in the GIL	PERF, postgres	f	2020-07-27T21:42:00+00:00
920	https://man7.org/x/notes/920	Debugging locks	CAREER,rust	f	2021-08-01T07:08:00+00:00
921	https://brendangregg.com/docs/921	Notes on tabs\tand spaces	DEVOPS,perf,Python	f	2021-10-12T12:23:00+00:00
922	https://news.ycombinator.com/guide/922	Why systemd	Networking, 	f	2021-07-29T18:52:00+00:00
923	https://wiki.debian.org/a/docs/2021/923	Debugging indexes	RUST, databases,Postgres,	f	2019-11-02T13:28:00+00:00
924	https://danluu.com/x/docs/924	How to epoll	shell 	f	2022-09-07T02:23:00+00:00
925	https://sqlite.org/posts/guide/posts/925	Ünïcode in vacuum	 shell,design	f	2019-12-29T06:49:00+00:00
926	https://wiki.debian.org/docs/2021/926	Ünïcode in systemd	design,rust 	f	2019-08-03T00:26:00+00:00
927	https://blog.cloudflare.com/docs/x/927	Debugging vacuum	CAREER,shell,postgres , security	f	2022-12-30T03:04:00+00:00
928	https://jvns.ca/x/docs/guide/928	Understanding tabs\tand spaces	shell,Databases,PYTHON	t	2021-06-18T15:34:00+00:00
929	https://wiki.debian.org/posts/x/guide/929	How to epoll	linux ,Perf,DESIGN,	f	2021-01-04T04:19:00+00:00
930	https://jvns.ca/posts/a/docs/930	Ünïcode in epoll	 postgres,devops	f	2019-08-31T20:31:00+00:00
931	https://wiki.debian.org/guide/931	Notes on tabs\tand spaces	career,perf,shell, 	f	2019-07-25T06:46:00+00:00
932	https://wiki.debian.org/notes/932	Why TLS		f	2019-06-13T13:52:00+00:00
933	https://brendangregg.com/a/933	Notes on cgroups	PERF,DEVOPS,	f	2021-02-12T01:45:00+00:00
934	https://sqlite.org/docs/a/a/934	Debugging tabs\tand spaces	shell	f	2021-09-10T05:59:00+00:00
935	https://blog.cloudflare.com/posts/a/docs/935	Understanding TLS	python,	t	2022-03-28T01:09:00+00:00
936	https://github.com/docs/a/936	A tour of the GIL	perf ,databases ,Career	f	2019-03-13T01:18:00+00:00
937	https://docs.python.org/x/937	Understanding indexes	Devops,Shell	f	2022-02-03T17:26:00+00:00
938	https://postgresql.org/posts/a/x/938	Ünïcode in epoll	perf ,networking,design ,	f	2021-11-25T01:58:00+00:00
939	https://wiki.debian.org/guide/a/939	Debugging locks	SECURITY,linux, design,Devops,	f	2021-10-26T23:07:00+00:00
940	https://brendangregg.com/a/940	Ünïcode in tabs\tand spaces	rust,design,databases ,linux 	f	2020-07-26T19:36:00+00:00
941	https://jvns.ca/a/941	Notes on indexes	Networking, career,	f	2021-06-22T19:24:00+00:00
942	https://blog.cloudflare.com/posts/942	Why indexes	career	f	2022-08-01T03:16:00+00:00
943	https://github.com/a/docs/guide/943	Why TLS	NETWORKING, 	f	2019-05-22T22:31:00+00:00
944	https://lwn.net/notes/x/docs/944	Debugging locks	 databases, 	t	2020-04-17T16:21:00+00:00
945	https://jvns.ca/docs/945	How to systemd	devops ,PYTHON, databases,	f	2022-01-22T08:09:00+00:00
946	https://postgresql.org/guide/946	A tour of locks	 networking,Postgres	f	2019-05-16T08:18:00+00:00
947	https://wiki.debian.org/guide/947	Why indexes	rust 	f	2020-10-17T10:37:00+00:00
948	https://sqlite.org/posts/2021/x/948	Ünïcode in systemd	 devops,Linux	f	2019-08-09T13:54:00+00:00
949	https://github.com/posts/949	How to tabs\tand spaces	Security,databases,SHELL,rust	f	2022-01-01T11:09:00+00:00
950	https://news.ycombinator.com/guide/2021/a/950	Why the GIL	python ,networking,DEVOPS,SHELL	f	2021-01-14T03:14:00+00:00
951	https://man7.org/a/docs/951	Notes on locks	python ,shell 	f	2022-04-01T02:25:00+00:00
952	https://lwn.net/docs/2021/952	A tour of locks	\N	f	2020-11-26T04:13:00+00:00
953	https://github.com/x/x/notes/953	Why epoll		f	2022-09-14T11:59:00+00:00
954	https://lwn.net/x/954	Understanding vacuum	 design,SHELL	f	2019-04-22T11:16:00+00:00
955	https://postgresql.org/guide/955	Understanding TLS	 postgres,security ,career ,PYTHON, 	f	2020-07-11T10:38:00+00:00
956	https://postgresql.org/guide/956	Ünïcode in indexes	LINUX, postgres, python	f	2022-02-04T04:13:00+00:00
957	https://github.com/posts/957	Understanding cgroups	shell, linux,career	f	2019-07-07T08:27:00+00:00
958	https://brendangregg.com/a/2021/958	Ünïcode in vacuum	Python,DESIGN,Postgres,CAREER	f	2020-02-05T07:28:00+00:00
959	https://brendangregg.com/docs/x/959	How to locks	\N	t	2022-01-10T16:08:00+00:00
960	https://docs.python.org/docs/guide/guide/960	How to epoll	SHELL, career	f	2020-02-05T09:11:00+00:00
961	https://sqlite.org/2021/961	Why cgroups	\N	f	2020-02-01T20:14:00+00:00
962	https://news.ycombinator.com/posts/guide/962	Understanding vacuum	devops, shell, networking	t	2022-01-17T21:35:00+00:00
963	https://lwn.net/x/posts/2021/963	Debugging TLS	Linux,perf	f	2022-07-15T22:34:00+00:00
964	https://blog.cloudflare.com/docs/a/posts/964	Debugging epoll	design ,DATABASES	f	2020-09-04T10:10:00+00:00
965	https://brendangregg.com/guide/posts/965	Understanding TLS	devops,career,linux ,networking	f	2020-09-05T01:47:00+00:00
966	https://man7.org/posts/x/966	Why TLS	security,	f	2021-08-25T21:20:00+00:00
967	https://wiki.debian.org/2021/967	Debugging the GIL		f	2019-11-11T15:53:00+00:00
968	https://danluu.com/guide/x/a/968	How to tabs\tand spaces	DESIGN,security 	f	2022-11-11T11:02:00+00:00
969	https://github.com/a/a/notes/969	Why TLS	shell, rust, 	f	2021-12-18T20:16:00+00:00
970	https://sqlite.org/notes/posts/970	A tour of vacuum	python	f	2020-03-13T11:28:00+00:00
971	https://brendangregg.com/notes/posts/971	Why epoll	postgres ,DEVOPS,linux ,PERF	f	2020-02-04T10:22:00+00:00
972	https://sqlite.org/notes/docs/972	A tour of the GIL	Postgres,devops	f	2021-12-11T17:51:00+00:00
973	https://blog.cloudflare.com/a/973	A tour of systemd	\N	f	2020-11-21T18:44:00+00:00
974	https://github.com/notes/974	Debugging cgroups	career,linux ,Python, 	f	2020-11-28T14:33:00+00:00
975	https://jvns.ca/guide/a/975	How to systemd	DEVOPS,Databases,python,	f	2019-04-06T21:32:00+00:00
976	https://man7.org/docs/976	Notes on epoll	PYTHON,postgres,	f	2022-06-27T06:18:00+00:00
977	https://news.ycombinator.com/a/977	Debugging TLS	security ,DEVOPS, linux, career,	t	2019-11-14T15:47:00+00:00
978	https://github.com/2021/docs/978	Ünïcode in locks	\N	f	2019-09-24T10:08:00+00:00
979	https://lwn.net/x/979	A tour of vacuum	perf ,Networking,	f	2022-09-10T22:09:00+00:00
980	https://news.ycombinator.com/docs/docs/980	Debugging indexes	\N	t	2019-03-30T08:22:00+00:00
981	https://brendangregg.com/a/docs/981	Notes on vacuum	postgres ,Networking,linux, 	f	2020-12-31T17:07:00+00:00
982	https://danluu.com/2021/982	Why vacuum	NETWORKING,career,Security,DEVOPS, 	f	2022-08-23T07:30:00+00:00
983	https://lwn.net/notes/guide/983	Why epoll	devops , linux,	t	2020-03-08T20:57:00+00:00
984	https://news.ycombinator.com/2021/notes/a/984	Ünïcode in indexes	LINUX,python , career,DATABASES	t	2020-06-26T18:54:00+00:00
985	https://github.com/notes/a/notes/985	Understanding tabs\tand spaces	SHELL,Python	f	2022-05-08T23:53:00+00:00
986	https://man7.org/posts/a/x/986	Ünïcode in the GIL	\N	f	2019-10-09T14:28:00+00:00
987	https://brendangregg.com/2021/2021/987	Debugging cgroups	DATABASES,Postgres,SECURITY, perf	f	2023-02-26T08:04:00+00:00
988	https://sqlite.org/2021/notes/x/988	How to TLS		f	2022-10-27T13:50:00+00:00
989	https://news.ycombinator.com/x/guide/posts/989	A tour of vacuum	security ,perf ,	f	2019-06-03T09:54:00+00:00
990	https://docs.python.org/docs/notes/x/990	Why systemd	SHELL,career ,rust , 	f	2022-07-22T02:51:00+00:00
991	https://news.ycombinator.com/posts/notes/posts/991	How to TLS	Perf,	f	2019-04-30T17:43:00+00:00
992	https://wiki.debian.org/notes/992	Ünïcode in the GIL	security,POSTGRES	t	2019-05-04T11:33:00+00:00
993	https://news.ycombinator.com/posts/993	Why tabs\tand spaces	career,networking, 	f	2020-05-05T20:30:00+00:00
994	https://docs.python.org/notes/994	Notes on cgroups	rust,Databases,PERF,Linux, 	f	2022-01-23T20:16:00+00:00
995	https://danluu.com/posts/docs/995	Ünïcode in tabs\tand spaces	linux , networking, 	f	2022-01-30T06:43:00+00:00
996	https://docs.python.org/notes/posts/notes/996	Ünïcode in TLS	perf ,shell,databases 	f	2022-11-25T18:03:00+00:00
997	https://news.ycombinator.com/notes/2021/2021/997	Debugging locks	design ,	t	2020-07-04T18:07:00+00:00
998	https://docs.python.org/2021/2021/docs/998	Notes on locks	Linux, postgres,shell,SECURITY, 	f	2022-09-11T03:46:00+00:00
999	https://postgresql.org/a/x/a/999	Ünïcode in tabs\tand spaces	RUST, career, devops	t	2020-03-16T08:23:00+00:00
1000	https://postgresql.org/notes/posts/posts/1000	Understanding locks	postgres, 	f	2022-11-04T08:52:00+00:00
1001	https://postgresql.org/a/1001	Understanding tabs\tand spaces	CAREER, databases,rust,security	f	2021-09-01T11:45:00+00:00
1002	https://blog.cloudflare.com/notes/docs/x/1002	A tour of systemd	career	f	2019-12-08T05:17:00+00:00
1003	https://news.ycombinator.com/x/1003	A tour of vacuum	postgres , networking, 	f	2021-05-18T12:40:00+00:00
1004	https://brendangregg.com/a/docs/1004	Why TLS	postgres , devops,security , 	f	2019-10-04T17:21:00+00:00
1005	https://news.ycombinator.com/docs/docs/1005	A tour of TLS	python ,databases, 	f	2019-08-09T14:50:00+00:00
1006	https://wiki.debian.org/notes/notes/x/1006	Why TLS	shell, perf, rust, devops,	f	2019-10-23T18:27:00+00:00
1007	https://docs.python.org/docs/2021/guide/1007	Notes on indexes	Devops,perf ,python ,rust	t	2021-03-06T20:22:00+00:00
1008	https://sqlite.org/notes/2021/1008	Ünïcode in locks		f	2019-11-22T12:31:00+00:00
1009	https://wiki.debian.org/posts/x/1009	Why TLS	design ,Career	f	2019-12-05T00:24:00+00:00
1010	https://blog.cloudflare.com/posts/notes/a/1010	A tour of TLS	RUST	f	2022-02-21T14:01:00+00:00
1011	https://postgresql.org/guide/1011	Understanding epoll	security,Linux, databases,career 	f	2022-11-07T23:56:00+00:00
1012	https://github.com/a/docs/1012	Ünïcode in locks	Security	f	2022-09-12T18:08:00+00:00
1013	https://wiki.debian.org/a/2021/1013	A tour of epoll	perf,python,RUST, 	f	2022-01-23T18:33:00+00:00
1014	https://sqlite.org/posts/1014	Notes on indexes	python ,rust,career, 	f	2020-08-31T14:48:00+00:00
1015	https://danluu.com/2021/1015	Notes on the GIL	postgres, 	f	2019-04-06T04:01:00+00:00
1016	https://brendangregg.com/2021/x/x/1016	Why tabs\tand spaces	 linux,PERF,postgres , 	f	2021-01-20T14:35:00+00:00
1017	https://postgresql.org/guide/docs/1017	Why cgroups	design ,SECURITY,linux ,	t	2021-03-05T16:22:00+00:00
1018	https://danluu.com/guide/a/posts/1018	Notes on locks	design,perf , python,SECURITY	f	2020-12-05T03:15:00+00:00
1019	https://wiki.debian.org/a/1019	Why vacuum	databases,rust,	f	2019-06-26T23:09:00+00:00
1020	https://jvns.ca/notes/posts/guide/1020	A tour of vacuum	DESIGN, shell	f	2021-05-23T15:22:00+00:00
1021	https://news.ycombinator.com/docs/notes/2021/1021	Ünïcode in tabs\tand spaces	design, devops, 	f	2022-07-20T02:05:00+00:00
1022	https://brendangregg.com/a/1022	Notes on vacuum	Postgres, networking	f	2020-08-04T00:41:00+00:00
1023	https://github.com/docs/1023	Debugging the GIL	linux 	f	2022-02-13T12:45:00+00:00
1024	https://man7.org/a/x/1024	Why the GIL	 devops	f	2020-01-26T02:33:00+00:00
1025	https://blog.cloudflare.com/notes/1025	A tour of epoll	perf,NETWORKING	f	2019-10-08T08:11:00+00:00
1026	https://man7.org/2021/posts/1026	Why epoll	shell , security,rust 	f	2022-02-07T19:33:00+00:00
1027	https://blog.cloudflare.com/notes/posts/a/1027	Understanding systemd	rust, career,postgres,shell,	f	2021-02-26T18:47:00+00:00
1028	https://news.ycombinator.com/notes/notes/notes/1028	Ünïcode in cgroups	 security,Postgres, 	f	2019-09-15T10:38:00+00:00
1029	https://danluu.com/posts/a/guide/1029	A tour of epoll	python,POSTGRES,DEVOPS	f	2020-10-18T13:34:00+00:00
1030	https://man7.org/posts/posts/a/1030	Why cgroups	Devops, postgres	f	2022-04-13T00:03:00+00:00
1031	https://news.ycombinator.com/posts/x/posts/1031	Ünïcode in indexes		f	2021-06-15T19:39:00+00:00
1032	https://danluu.com/x/posts/1032	Ünïcode in TLS	Devops,	f	2022-07-31T20:39:00+00:00
1033	https://wiki.debian.org/a/posts/1033	Ünïcode in TLS	perf,Networking,security ,LINUX	f	2023-02-24T03:48:00+00:00
1034	https://docs.python.org/posts/2021/1034	Understanding vacuum	security, linux,	f	2019-04-05T23:03:00+00:00
1035	https://man7.org/notes/notes/1035	Ünïcode in cgroups	 python,perf,postgres, 	f	2019-08-30T19:49:00+00:00
1036	https://docs.python.org/posts/1036	How to locks	Shell,career , perf	f	2020-11-13T05:53:00+00:00
1037	https://github.com/a/x/guide/1037	A tour of TLS	CAREER,	f	2020-12-24T01:26:00+00:00
1038	https://danluu.com/2021/posts/2021/1038	Understanding the GIL	 postgres,	f	2021-06-17T18:33:00+00:00
1039	https://man7.org/notes/guide/docs/1039	Why locks	career, 	f	2022-01-28T11:34:00+00:00
1040	https://man7.org/notes/1040	A tour of cgroups	Security,linux,	f	2019-09-29T21:56:00+00:00
1041	https://github.com/guide/a/1041	Notes on cgroups	devops , 	f	2022-03-27T04:25:00+00:00
1042	https://man7.org/guide/1042	A tour of cgroups	devops ,security, networking,DESIGN	f	2022-10-02T07:51:00+00:00
1043	https://danluu.com/posts/2021/a/1043	How to systemd	design,Python,Postgres,databases 	f	2019-06-14T05:44:00+00:00
1044	https://docs.python.org/guide/a/x/1044	Why tabs\tand spaces	SHELL,devops,postgres	f	2022-01-05T19:41:00+00:00
1045	https://lwn.net/a/guide/1045	Understanding the GIL	Career,Networking,linux,rust 	f	2022-06-07T20:11:00+00:00
1046	https://wiki.debian.org/guide/1046	Debugging TLS	PERF,devops,	f	2019-06-23T08:27:00+00:00
1047	https://danluu.com/posts/1047	Debugging TLS	postgres 	t	2019-06-16T01:44:00+00:00
1048	https://postgresql.org/docs/notes/posts/1048	Notes on epoll	Shell,career,python ,NETWORKING, 	f	2020-11-18T20:29:00+00:00
1049	https://danluu.com/docs/posts/guide/1049	Understanding tabs\tand spaces	python,design, 	f	2019-06-01T22:17:00+00:00
1050	https://docs.python.org/2021/guide/x/1050	Notes on vacuum	\N	f	2019-08-14T09:46:00+00:00
1051	https://man7.org/x/1051	Ünïcode in systemd	 design,postgres,networking,	f	2020-02-15T20:35:00+00:00
1052	https://lwn.net/guide/docs/notes/1052	Notes on locks	Design,python,	f	2021-06-08T03:03:00+00:00
1053	https://sqlite.org/docs/1053	A tour of cgroups	databases ,rust ,DEVOPS, 	f	2020-03-01T11:15:00+00:00
1054	https://brendangregg.com/posts/1054	Why epoll	SHELL,rust , 	f	2021-12-13T21:20:00+00:00
1055	https://brendangregg.com/2021/docs/1055	Ünïcode in tabs\tand spaces	linux,career ,Rust,	f	2022-02-23T18:52:00+00:00
1056	https://jvns.ca/a/1056	A tour of locks	\N	f	2019-04-16T19:43:00+00:00
1057	https://jvns.ca/docs/1057	Ünïcode in locks	 networking,perf, shell,linux ,	f	2022-09-14T15:18:00+00:00
1058	https://docs.python.org/notes/1058	Ünïcode in vacuum	CAREER	f	2020-11-29T01:08:00+00:00
1059	https://jvns.ca/2021/2021/1059	Ünïcode in cgroups	\N	f	2021-06-12T10:00:00+00:00
1060	https://brendangregg.com/x/guide/x/1060	Why locks	career, databases	f	2022-06-16T21:38:00+00:00
1061	https://blog.cloudflare.com/a/1061	A tour of tabs\tand spaces	 linux,networking 	t	2019-09-14T08:28:00+00:00
1062	https://wiki.debian.org/posts/1062	How to cgroups	networking , devops,design,shell , 	f	2023-01-24T19:02:00+00:00
1063	https://wiki.debian.org/docs/x/docs/1063	A tour of tabs\tand spaces	DEVOPS, security,networking,SHELL, 	f	2020-12-09T20:32:00+00:00
1064	https://github.com/notes/1064	A tour of locks	SHELL,Rust,devops, 	f	2022-09-08T08:39:00+00:00
1065	https://github.com/x/1065	Ünïcode in TLS	SECURITY,DESIGN	t	2020-08-14T07:43:00+00:00
1066	https://jvns.ca/x/notes/1066	Understanding cgroups	networking ,design	f	2023-02-15T12:42:00+00:00
1067	https://docs.python.org/notes/docs/1067	How to vacuum	SECURITY	f	2022-03-09T20:40:00+00:00
1068	https://brendangregg.com/guide/guide/1068	Debugging vacuum	Postgres,Devops,perf ,Python	f	2019-11-25T20:10:00+00:00
1069	https://blog.cloudflare.com/x/notes/2021/1069	How to indexes	career, 	f	2020-01-30T21:57:00+00:00
1070	https://sqlite.org/docs/1070	Ünïcode in systemd	Rust,Perf, 	f	2019-11-21T12:50:00+00:00
1071	https://blog.cloudflare.com/posts/posts/1071	A tour of vacuum	\N	f	2019-11-12T19:36:00+00:00
1072	https://man7.org/notes/docs/notes/1072	Understanding epoll	networking ,postgres ,linux	f	2022-02-24T01:25:00+00:00
1073	https://docs.python.org/notes/1073	A tour of tabs\tand spaces	rust,linux ,design,career ,	t	2019-07-15T06:40:00+00:00
1074	https://man7.org/2021/1074	Why the GIL	networking,	t	2022-10-01T16:20:00+00:00
1075	https://postgresql.org/docs/guide/1075	Notes on epoll	databases,DESIGN,	f	2020-01-30T03:16:00+00:00
1076	https://blog.cloudflare.com/docs/posts/x/1076	Debugging vacuum	PYTHON,databases,Perf,Linux	f	2022-07-16T21:08:00+00:00
1077	https://github.com/a/1077	Debugging cgroups	Networking,perf , python,devops,	f	2020-01-22T09:15:00+00:00
1078	https://jvns.ca/x/a/x/1078	Ünïcode in cgroups	Perf,python,	f	2019-07-07T12:02:00+00:00
1079	https://man7.org/guide/x/1079	Notes on the GIL	postgres, 	f	2022-04-20T16:36:00+00:00
1080	https://sqlite.org/x/1080	Ünïcode in systemd		t	2021-01-01T12:09:00+00:00
1081	https://brendangregg.com/a/notes/1081	Why epoll	 rust,Design, databases,python ,	f	2022-12-31T02:46:00+00:00
1082	https://jvns.ca/docs/1082	Ünïcode in the GIL	postgres,perf,security,	f	2021-04-30T17:57:00+00:00
1083	https://wiki.debian.org/2021/2021/a/1083	Understanding locks	LINUX, shell,Networking,python	f	2022-03-20T23:10:00+00:00
1084	https://lwn.net/a/docs/2021/1084	Notes on TLS	\N	f	2022-11-27T12:26:00+00:00
1085	https://news.ycombinator.com/2021/notes/notes/1085	A tour of systemd	Linux,Security	f	2019-10-09T12:19:00+00:00
1086	https://postgresql.org/posts/guide/notes/1086	Why vacuum	postgres,security,PERF,	f	2019-03-15T21:52:00+00:00
1087	https://postgresql.org/docs/1087	Notes on cgroups	devops,shell,design,linux 	f	2020-02-28T10:30:00+00:00
1088	https://lwn.net/notes/1088	Notes on indexes	Postgres,SHELL,networking, 	f	2021-11-06T08:59:00+00:00
1089	https://danluu.com/posts/1089	Notes on TLS	shell, 	f	2022-10-09T03:53:00+00:00
1090	https://blog.cloudflare.com/a/1090	Notes on cgroups	security, 	f	2020-08-16T06:55:00+00:00
1091	https://wiki.debian.org/a/x/posts/1091	Notes on indexes	security,postgres,devops,rust, 	f	2020-04-20T03:03:00+00:00
1092	https://docs.python.org/guide/1092	Ünïcode in locks	databases ,networking ,	f	2020-09-22T03:28:00+00:00
1093	https://github.com/2021/1093	How to epoll	rust,CAREER,Linux	f	2020-12-18T05:54:00+00:00
1094	https://docs.python.org/a/1094	Why epoll	career,Devops,Security	f	2020-09-16T04:03:00+00:00
1095	https://docs.python.org/posts/1095	How to cgroups	devops,design,RUST	f	2021-11-27T19:11:00+00:00
1096	https://brendangregg.com/a/x/1096	Understanding locks	python,Postgres, design,Security	f	2020-10-06T05:12:00+00:00
1097	https://blog.cloudflare.com/guide/2021/1097	Understanding the GIL	 rust,Devops,PERF,	f	2021-09-05T17:17:00+00:00
1098	https://danluu.com/docs/notes/1098	Understanding vacuum	SHELL,perf 	f	2019-09-28T18:42:00+00:00
1099	https://postgresql.org/guide/docs/posts/1099	Why systemd	SHELL,CAREER,POSTGRES, security, 	f	2019-04-15T06:21:00+00:00
1100	https://news.ycombinator.com/guide/notes/1100	A tour of TLS	security,Networking	f	2022-07-30T05:58:00+00:00
1101	https://wiki.debian.org/2021/a/x/1101	Why cgroups	Rust,perf 	f	2021-06-12T03:26:00+00:00
1102	https://brendangregg.com/guide/1102	A tour of tabs\tand spaces	 shell,postgres, design	f	2019-05-30T06:57:00+00:00
1103	https://man7.org/a/docs/posts/1103	Why vacuum	databases, 	f	2022-07-20T21:39:00+00:00
1104	https://brendangregg.com/notes/1104	Understanding systemd	 networking,LINUX,security,rust,	f	2019-08-26T11:15:00+00:00
1105	https://github.com/notes/a/notes/1105	Why the GIL	networking, 	t	2020-02-26T19:31:00+00:00
1106	https://danluu.com/2021/posts/notes/1106	How to locks	postgres,shell , security	f	2019-07-09T15:50:00+00:00
1107	https://blog.cloudflare.com/posts/posts/a/1107	Ünïcode in systemd	\N	f	2021-02-22T23:16:00+00:00
1108	https://wiki.debian.org/docs/2021/1108	How to TLS	DEVOPS	f	2021-11-17T20:33:00+00:00
1109	https://brendangregg.com/x/1109	A tour of epoll	linux, devops,Rust	f	2021-12-07T01:13:00+00:00
1110	https://man7.org/a/notes/1110	Understanding cgroups	career,Perf,security,Shell,	f	2022-09-05T16:00:00+00:00
1111	https://github.com/x/posts/1111	How to epoll		f	2019-09-29T19:10:00+00:00
1112	https://lwn.net/x/docs/x/1112	A tour of TLS	 postgres, 	t	2022-06-16T12:15:00+00:00
1113	https://news.ycombinator.com/a/x/docs/1113	Ünïcode in epoll	 perf,Rust, python, 	f	2022-05-04T19:11:00+00:00
1114	https://brendangregg.com/x/1114	A tour of tabs\tand spaces		f	2022-12-14T20:10:00+00:00
1115	https://news.ycombinator.com/guide/2021/a/1115	Why vacuum	 shell	f	2023-02-01T00:45:00+00:00
1116	https://jvns.ca/x/1116	Ünïcode in epoll	design ,Python,career	f	2019-07-26T15:25:00+00:00
1117	https://wiki.debian.org/x/1117	How to epoll	SHELL, 	f	2020-05-29T10:37:00+00:00
1118	https://github.com/guide/1118	Debugging the GIL	python ,design ,devops,Databases, 	f	2019-08-12T09:28:00+00:00
1119	https://github.com/2021/x/notes/1119	Ünïcode in cgroups	shell,devops,	f	2019-11-02T20:24:00+00:00
1120	https://sqlite.org/x/a/x/1120	Debugging cgroups	Python	f	2021-12-20T09:39:00+00:00
1121	https://news.ycombinator.com/a/notes/1121	Why epoll	design, 	f	2021-08-07T06:56:00+00:00
1122	https://github.com/docs/posts/posts/1122	A tour of vacuum	NETWORKING,rust , 	f	2021-03-23T01:21:00+00:00
1123	https://docs.python.org/guide/1123	Debugging tabs\tand spaces	postgres,career ,rust,security,	f	2019-05-08T02:13:00+00:00
1124	https://github.com/docs/x/1124	Notes on epoll	postgres ,design	f	2022-05-07T02:45:00+00:00
1125	https://brendangregg.com/docs/1125	A tour of locks	DATABASES,python , shell,security	f	2020-03-18T15:12:00+00:00
1126	https://news.ycombinator.com/posts/x/1126	Debugging locks	databases,security, rust, networking,	f	2020-06-22T06:15:00+00:00
1127	https://github.com/x/a/1127	Ünïcode in systemd	\N	f	2021-07-22T02:45:00+00:00
1128	https://github.com/posts/1128	Debugging tabs\tand spaces	RUST, shell,PYTHON,databases	f	2019-06-29T04:06:00+00:00
1129	https://blog.cloudflare.com/docs/1129	Why TLS	Devops,perf ,security ,python	f	2019-06-02T21:18:00+00:00
1130	https://docs.python.org/a/a/docs/1130	Notes on locks	 linux,	f	2022-10-26T12:34:00+00:00
1131	https://danluu.com/posts/posts/a/1131	A tour of systemd	python 	f	2022-04-06T11:11:00+00:00
1132	https://postgresql.org/2021/1132	A tour of epoll	databases	f	2019-06-05T11:08:00+00:00
1133	https://wiki.debian.org/notes/guide/guide/1133	Understanding systemd	\N	t	2020-01-12T22:02:00+00:00
1134	https://wiki.debian.org/guide/docs/1134	Notes on TLS	Security,LINUX,POSTGRES,python	f	2019-12-21T23:59:00+00:00
1135	https://postgresql.org/notes/1135	Notes on tabs\tand spaces	linux,python,postgres	f	2022-05-26T17:19:00+00:00
1136	https://danluu.com/x/docs/1136	Debugging vacuum	 postgres,DATABASES,perf ,CAREER,	f	2022-05-19T19:25:00+00:00
1137	https://wiki.debian.org/a/1137	Why TLS	 perf,	f	2022-10-06T22:23:00+00:00
1138	https://sqlite.org/x/guide/docs/1138	A tour of cgroups	databases,perf,	t	2019-06-05T00:38:00+00:00
1139	https://postgresql.org/docs/2021/2021/1139	A tour of TLS	security,python , devops,SHELL	f	2021-04-16T18:28:00+00:00
1140	https://brendangregg.com/notes/a/1140	A tour of tabs\tand spaces	Perf,python,	f	2021-01-21T19:35:00+00:00
1141	https://man7.org/docs/a/posts/1141	Ünïcode in indexes	Linux	t	2021-08-25T19:47:00+00:00
1142	https://lwn.net/x/docs/1142	Debugging locks	Career,shell , 	f	2022-12-14T01:17:00+00:00
1143	https://danluu.com/2021/docs/1143	Ünïcode in epoll	CAREER,networking 	f	2021-11-09T09:42:00+00:00
1144	https://docs.python.org/guide/notes/1144	How to the GIL	career,	t	2020-04-06T18:12:00+00:00
1145	https://lwn.net/2021/2021/x/1145	Debugging locks	\N	f	2020-02-04T05:06:00+00:00
1146	https://news.ycombinator.com/a/1146	Why vacuum	career,linux 	f	2020-04-11T02:40:00+00:00
1147	https://sqlite.org/notes/posts/posts/1147	Ünïcode in systemd	 networking,Databases,linux,shell, 	f	2021-12-21T17:08:00+00:00
1148	https://danluu.com/a/2021/1148	Debugging tabs\tand spaces	databases,networking	f	2022-07-02T00:51:00+00:00
1149	https://github.com/guide/1149	Debugging epoll	networking,perf,shell,	f	2022-01-07T14:38:00+00:00
1150	https://github.com/a/guide/x/1150	A tour of vacuum	POSTGRES,design ,	f	2023-01-30T21:13:00+00:00
1151	https://docs.python.org/a/x/docs/1151	Understanding TLS	Networking,career ,POSTGRES,	f	2021-05-17T03:40:00+00:00
1152	https://blog.cloudflare.com/a/1152	Ünïcode in epoll	Shell,Python,networking	f	2022-07-14T14:34:00+00:00
1153	https://man7.org/notes/docs/x/1153	Why epoll	devops ,shell,databases, 	f	2020-04-19T06:54:00+00:00
1154	https://github.com/2021/1154	Notes on indexes	 databases,career,Design,LINUX,	f	2022-05-27T18:41:00+00:00
1155	https://man7.org/docs/posts/x/1155	A tour of epoll	Career,Perf,postgres 	f	2022-08-27T11:29:00+00:00
1156	https://wiki.debian.org/2021/1156	How to vacuum	linux,networking,devops ,career	f	2020-02-10T14:17:00+00:00
1157	https://wiki.debian.org/a/docs/docs/1157	Why cgroups	Rust,perf , 	f	2021-11-04T21:45:00+00:00
1158	https://github.com/x/a/1158	Why TLS	shell,devops ,	f	2022-11-21T19:41:00+00:00
1159	https://docs.python.org/posts/1159	Debugging TLS	DATABASES,perf,rust,CAREER, 	f	2022-01-25T10:06:00+00:00
1160	https://news.ycombinator.com/docs/notes/guide/1160	How to tabs\tand spaces	rust,NETWORKING, linux, career	f	2020-11-28T07:35:00+00:00
1161	https://news.ycombinator.com/docs/2021/1161	A tour of cgroups	\N	f	2022-08-03T00:44:00+00:00
1162	https://sqlite.org/2021/a/guide/1162	How to epoll	devops ,	f	2020-01-24T03:01:00+00:00
1163	https://news.ycombinator.com/x/2021/1163	A tour of vacuum	\N	f	2019-12-03T11:10:00+00:00
1164	https://docs.python.org/docs/2021/x/1164	Notes on tabs\tand spaces	Design,databases 	f	2022-08-08T04:42:00+00:00
1165	https://lwn.net/guide/1165	Debugging tabs\tand spaces	Design	f	2021-03-15T05:24:00+00:00
1166	https://news.ycombinator.com/2021/a/1166	Ünïcode in TLS	 linux,	f	2020-07-20T06:45:00+00:00
1167	https://postgresql.org/posts/docs/1167	Debugging epoll	postgres ,	f	2023-02-05T23:37:00+00:00
1168	https://github.com/docs/1168	Ünïcode in systemd	 security,Career	f	2020-07-17T08:41:00+00:00
1169	https://docs.python.org/notes/1169	Why indexes	 databases,	f	2021-11-24T06:30:00+00:00
1170	https://news.ycombinator.com/docs/a/notes/1170	Why indexes	networking, 	f	2019-07-18T16:34:00+00:00
1171	https://sqlite.org/a/1171	Debugging cgroups	perf,rust ,design,shell ,	f	2022-10-17T10:50:00+00:00
1172	https://docs.python.org/guide/1172	Notes on TLS	Networking,	f	2021-11-25T06:28:00+00:00
1173	https://github.com/a/1173	Why cgroups	 career, devops, 	f	2021-02-23T15:40:00+00:00
1174	https://wiki.debian.org/docs/posts/posts/1174	Understanding systemd	DEVOPS,POSTGRES	f	2021-01-17T12:33:00+00:00
1175	https://sqlite.org/docs/1175	Notes on TLS	databases,networking,rust ,Security, 	f	2021-02-15T06:17:00+00:00
1176	https://wiki.debian.org/2021/x/notes/1176	Debugging cgroups	shell	f	2022-03-03T08:44:00+00:00
1177	https://man7.org/docs/docs/1177	Debugging systemd	Linux,shell, 	f	2020-02-01T11:46:00+00:00
1178	https://jvns.ca/2021/docs/a/1178	Debugging cgroups	Perf	t	2020-03-02T22:33:00+00:00
1179	https://docs.python.org/2021/docs/1179	Ünïcode in cgroups	networking , python,rust,POSTGRES	f	2021-10-23T10:38:00+00:00
1180	https://docs.python.org/docs/docs/notes/1180	Why the GIL	Career,LINUX, python	f	2022-02-12T09:50:00+00:00
1181	https://news.ycombinator.com/notes/notes/1181	A tour of systemd	POSTGRES,	f	2021-04-17T23:01:00+00:00
1182	https://lwn.net/guide/1182	A tour of locks	design,linux ,security,postgres	t	2019-05-12T12:02:00+00:00
1183	https://github.com/a/posts/1183	Ünïcode in epoll	rust ,devops,	f	2019-07-17T16:48:00+00:00
1184	https://danluu.com/x/1184	Notes on epoll	CAREER,python,RUST	f	2020-08-09T11:41:00+00:00
1185	https://man7.org/x/a/docs/1185	Ünïcode in epoll	RUST,LINUX,databases	f	2021-02-15T23:19:00+00:00
1186	https://sqlite.org/2021/1186	Why TLS	Security,Shell	f	2020-05-12T23:15:00+00:00
1187	https://danluu.com/docs/guide/guide/1187	Notes on locks	databases,DEVOPS,Postgres, 	f	2019-04-27T15:26:00+00:00
1188	https://docs.python.org/x/1188	Ünïcode in TLS		f	2020-08-22T17:33:00+00:00
1189	https://sqlite.org/posts/x/1189	Why locks	design,perf, 	t	2020-07-10T00:41:00+00:00
1190	https://github.com/notes/x/1190	Understanding epoll	design ,databases ,	f	2021-09-27T18:32:00+00:00
1191	https://postgresql.org/notes/notes/guide/1191	Ünïcode in epoll	DEVOPS,shell,career 	f	2021-04-18T21:43:00+00:00
1192	https://docs.python.org/guide/posts/1192	Understanding cgroups	DATABASES,devops,linux,	f	2019-05-07T04:16:00+00:00
1193	https://blog.cloudflare.com/x/posts/1193	How to systemd		f	2022-01-08T18:15:00+00:00
1194	https://man7.org/2021/1194	Debugging the GIL	shell,devops ,PYTHON,perf	f	2021-06-11T04:31:00+00:00
1195	https://github.com/x/docs/guide/1195	Notes on TLS	Rust	f	2020-08-22T15:19:00+00:00
1196	https://jvns.ca/a/2021/x/1196	Debugging TLS	\N	f	2022-06-06T21:32:00+00:00
1197	https://docs.python.org/docs/posts/1197	A tour of the GIL	\N	f	2020-07-28T11:49:00+00:00
1198	https://docs.python.org/guide/1198	How to locks		f	2019-07-31T13:04:00+00:00
1199	https://lwn.net/2021/x/1199	Why locks	SHELL,databases,	f	2020-03-18T21:59:00+00:00
1200	https://github.com/2021/docs/docs/1200	How to the GIL	NETWORKING,career,design,DEVOPS	f	2020-09-18T23:25:00+00:00
1201	https://lwn.net/a/1201	How to the GIL	SECURITY,LINUX	f	2021-06-04T09:35:00+00:00
1202	https://man7.org/docs/1202	Debugging tabs\tand spaces	\N	f	2020-11-30T09:56:00+00:00
1203	https://sqlite.org/notes/1203	Ünïcode in cgroups	devops,design	f	2020-08-18T09:06:00+00:00
1204	https://blog.cloudflare.com/docs/guide/1204	Understanding locks	Security, linux,Rust	f	2023-01-20T15:54:00+00:00
1205	https://sqlite.org/2021/x/2021/1205	How to the GIL	 linux,DESIGN	f	2022-03-11T18:52:00+00:00
1206	https://blog.cloudflare.com/docs/docs/1206	Ünïcode in vacuum	career,perf ,databases ,postgres	f	2021-10-14T23:08:00+00:00
1207	https://man7.org/posts/x/1207	Ünïcode in locks	python	f	2020-01-19T20:55:00+00:00
1208	https://blog.cloudflare.com/guide/docs/posts/1208	Why systemd	security ,Devops,python ,	f	2021-09-18T03:42:00+00:00
1209	https://docs.python.org/notes/notes/1209	Why cgroups	LINUX	f	2022-03-09T22:04:00+00:00
1210	https://brendangregg.com/guide/docs/2021/1210	Understanding tabs\tand spaces	Networking, design	f	2019-12-21T12:10:00+00:00
1211	https://jvns.ca/notes/a/1211	Why TLS		f	2019-10-02T20:20:00+00:00
1212	https://sqlite.org/x/posts/posts/1212	Debugging systemd	\N	f	2023-02-06T09:50:00+00:00
1213	https://sqlite.org/posts/1213	Why cgroups	security,networking,shell,	f	2021-11-05T19:29:00+00:00
1214	https://wiki.debian.org/2021/1214	Notes on TLS	Linux,devops	f	2022-11-26T10:22:00+00:00
1215	https://man7.org/x/x/guide/1215	Why locks	perf	f	2023-01-13T11:04:00+00:00
1216	https://man7.org/posts/guide/1216	Why cgroups	career,design, security, 	f	2019-03-09T21:39:00+00:00
1217	https://lwn.net/docs/1217	Why the GIL	Linux, 	f	2021-12-05T22:52:00+00:00
1218	https://wiki.debian.org/2021/notes/1218	Ünïcode in the GIL	devops ,perf,Security, databases	f	2021-02-07T17:27:00+00:00
1219	https://lwn.net/x/notes/1219	Ünïcode in systemd	design ,devops ,shell	f	2019-04-01T00:04:00+00:00
1220	https://danluu.com/x/posts/1220	Why TLS	SECURITY,devops,python	f	2020-06-26T00:57:00+00:00
1221	https://blog.cloudflare.com/docs/docs/1221	Ünïcode in tabs\tand spaces	DESIGN,perf, linux	f	2021-11-11T23:05:00+00:00
1222	https://wiki.debian.org/x/a/1222	Ünïcode in cgroups	python ,LINUX,DATABASES, 	f	2021-11-25T12:39:00+00:00
1223	https://postgresql.org/notes/guide/1223	Why locks	devops,Rust, databases,python,	f	2020-01-04T15:14:00+00:00
1224	https://brendangregg.com/guide/posts/1224	Why the GIL	linux ,career ,NETWORKING	f	2023-01-22T13:41:00+00:00
1225	https://github.com/x/docs/1225	Notes on tabs\tand spaces	\N	f	2020-02-15T22:16:00+00:00
1226	https://docs.python.org/x/1226	How to systemd	linux	f	2022-04-30T22:40:00+00:00
1227	https://wiki.debian.org/guide/posts/2021/1227	Notes on epoll		f	2019-07-22T19:52:00+00:00
1228	https://postgresql.org/2021/posts/1228	A tour of vacuum	Shell,databases ,DEVOPS,LINUX	f	2019-09-17T05:29:00+00:00
1229	https://jvns.ca/guide/1229	A tour of cgroups	security ,networking 	f	2020-02-27T09:05:00+00:00
1230	https://jvns.ca/x/guide/1230	How to the GIL	security,rust	f	2022-10-11T15:34:00+00:00
1231	https://github.com/x/docs/docs/1231	Ünïcode in systemd	career,SECURITY,	f	2019-05-23T10:18:00+00:00
1232	https://danluu.com/notes/2021/a/1232	Understanding TLS	career, perf,rust	f	2019-04-30T04:31:00+00:00
1233	https://postgresql.org/x/x/1233	Debugging indexes	\N	f	2021-06-04T16:50:00+00:00
1234	https://news.ycombinator.com/posts/a/1234	How to systemd	 python,CAREER,	f	2022-08-04T08:34:00+00:00
1235	https://postgresql.org/guide/a/1235	Understanding cgroups	Perf, networking	f	2019-09-18T18:36:00+00:00
1236	https://brendangregg.com/x/guide/docs/1236	Debugging TLS	perf , 	f	2019-06-23T03:52:00+00:00
1237	https://blog.cloudflare.com/notes/2021/notes/1237	Notes on cgroups	 devops, 	f	2021-07-10T03:34:00+00:00
1238	https://sqlite.org/a/1238	How to tabs\tand spaces	\N	f	2020-02-14T20:49:00+00:00
1239	https://danluu.com/docs/guide/a/1239	Debugging systemd	perf,Devops,Design	f	2021-05-18T22:20:00+00:00
1240	https://wiki.debian.org/2021/a/posts/1240	Notes on indexes	\N	f	2019-07-11T03:30:00+00:00
1241	https://blog.cloudflare.com/notes/1241	Debugging the GIL	Perf, design,linux,Security,	t	2019-04-26T22:31:00+00:00
1242	https://man7.org/2021/x/2021/1242	How to tabs\tand spaces	devops,perf ,postgres,design 	f	2020-07-23T08:51:00+00:00
1243	https://blog.cloudflare.com/a/notes/posts/1243	A tour of locks	Career,networking, 	f	2022-05-02T15:51:00+00:00
1244	https://man7.org/docs/x/1244	How to the GIL	networking	f	2022-08-29T02:30:00+00:00
1245	https://wiki.debian.org/guide/x/1245	A tour of epoll	perf	f	2021-10-27T10:20:00+00:00
1246	https://sqlite.org/guide/posts/notes/1246	How to TLS	career,PYTHON, databases,design	f	2020-02-14T19:15:00+00:00
1247	https://man7.org/posts/a/guide/1247	Understanding systemd		f	2019-11-19T21:22:00+00:00
1248	https://wiki.debian.org/a/x/notes/1248	Notes on systemd	linux,career 	f	2021-06-23T19:14:00+00:00
1249	https://wiki.debian.org/x/1249	How to systemd		f	2019-07-13T20:03:00+00:00
1250	https://blog.cloudflare.com/a/guide/a/1250	Ünïcode in tabs\tand spaces	Career,Design,databases,perf	f	2022-07-11T18:59:00+00:00
1251	https://github.com/posts/posts/1251	How to tabs\tand spaces	databases ,	f	2019-06-03T06:21:00+00:00
1252	https://postgresql.org/x/guide/1252	Why locks	databases, 	f	2022-06-28T11:52:00+00:00
1253	https://jvns.ca/x/notes/1253	A tour of vacuum	networking ,SHELL,postgres,	f	2019-08-31T07:09:00+00:00
1254	https://docs.python.org/a/1254	Notes on locks	design	f	2020-12-07T22:59:00+00:00
1255	https://blog.cloudflare.com/2021/1255	How to locks	Devops,design ,Databases,Security, 	f	2022-04-16T13:21:00+00:00
1256	https://blog.cloudflare.com/notes/x/1256	Debugging vacuum	 rust	t	2019-04-16T14:57:00+00:00
1257	https://danluu.com/docs/1257	Debugging cgroups		f	2022-12-16T22:50:00+00:00
1258	https://danluu.com/posts/docs/1258	Notes on TLS	security	f	2022-11-06T02:40:00+00:00
1259	https://sqlite.org/notes/x/1259	Debugging locks	DESIGN, perf	f	2022-03-01T13:46:00+00:00
1260	https://man7.org/a/a/1260	Notes on tabs\tand spaces	security	f	2019-12-07T03:05:00+00:00
1261	https://danluu.com/posts/posts/guide/1261	Understanding the GIL	perf, design,LINUX	f	2022-02-12T13:11:00+00:00
1262	https://man7.org/notes/a/guide/1262	How to TLS	linux ,design, 	t	2020-10-16T20:51:00+00:00
1263	https://blog.cloudflare.com/guide/2021/1263	How to TLS	shell, design, linux	f	2020-01-29T14:10:00+00:00
1264	https://news.ycombinator.com/x/1264	Ünïcode in locks	\N	f	2019-07-13T22:14:00+00:00
1265	https://blog.cloudflare.com/posts/guide/1265	Why vacuum	databases,design,shell, 	f	2020-12-19T10:09:00+00:00
1266	https://github.com/guide/x/docs/1266	A tour of systemd	\N	f	2021-03-25T17:23:00+00:00
1267	https://wiki.debian.org/2021/x/1267	Debugging cgroups	shell,Security,DESIGN,RUST, 	f	2023-02-10T19:52:00+00:00
1268	https://news.ycombinator.com/2021/1268	Ünïcode in locks	perf ,CAREER,design,Databases	f	2022-11-16T22:00:00+00:00
1269	https://wiki.debian.org/posts/posts/1269	Debugging cgroups	 networking,databases	f	2020-07-23T18:26:00+00:00
1270	https://lwn.net/guide/1270	Ünïcode in locks	Rust, 	f	2022-07-14T16:47:00+00:00
1271	https://lwn.net/notes/a/2021/1271	Ünïcode in tabs\tand spaces	databases, 	f	2020-07-11T08:26:00+00:00
1272	https://danluu.com/2021/guide/x/1272	Debugging tabs\tand spaces	 shell,networking ,PERF,	f	2021-01-25T19:16:00+00:00
1273	https://postgresql.org/2021/docs/guide/1273	Debugging cgroups	DATABASES,LINUX,CAREER, python,	f	2019-07-14T08:37:00+00:00
1274	https://brendangregg.com/x/1274	Ünïcode in epoll	design ,shell,postgres ,	f	2021-04-30T18:59:00+00:00
1275	https://blog.cloudflare.com/posts/a/1275	Ünïcode in cgroups	career ,Shell	f	2019-12-16T19:32:00+00:00
1276	https://danluu.com/posts/1276	Notes on systemd	 shell,devops	f	2020-02-08T21:54:00+00:00
1277	https://lwn.net/notes/2021/1277	Debugging indexes	shell , 	f	2022-11-25T01:57:00+00:00
1278	https://github.com/posts/docs/1278	A tour of indexes	\N	f	2020-03-26T11:40:00+00:00
1279	https://lwn.net/a/1279	A tour of locks	 rust,	f	2020-04-03T03:17:00+00:00
1280	https://danluu.com/posts/1280	Understanding vacuum	Perf,shell , postgres	f	2020-03-02T14:47:00+00:00
1281	https://brendangregg.com/notes/guide/2021/1281	Why epoll	Security,databases,Linux, devops,	f	2022-01-19T05:26:00+00:00
1282	https://sqlite.org/2021/notes/1282	Notes on vacuum	 design,devops, postgres,	f	2019-10-06T08:19:00+00:00
1283	https://wiki.debian.org/guide/2021/1283	Debugging indexes	SECURITY,rust, shell, 	f	2021-05-12T12:20:00+00:00
1284	https://docs.python.org/2021/1284	Debugging indexes	postgres ,RUST,DATABASES,	f	2021-05-08T03:01:00+00:00
1285	https://docs.python.org/guide/2021/x/1285	Understanding locks	postgres , career,	f	2021-10-01T10:55:00+00:00
1286	https://docs.python.org/guide/docs/1286	Ünïcode in the GIL		t	2021-05-15T01:48:00+00:00
1287	https://news.ycombinator.com/2021/2021/1287	Ünïcode in cgroups		t	2022-09-29T10:55:00+00:00
1288	https://sqlite.org/docs/notes/1288	Notes on vacuum	Python, 	f	2021-11-20T01:44:00+00:00
1289	https://jvns.ca/a/2021/1289	Notes on epoll	Linux,SHELL,devops	f	2020-11-19T19:16:00+00:00
1290	https://lwn.net/a/guide/notes/1290	Notes on TLS	perf ,	f	2021-04-25T01:51:00+00:00
1291	https://lwn.net/docs/docs/notes/1291	How to vacuum	devops, databases,linux ,SHELL	f	2019-10-16T04:47:00+00:00
1292	https://news.ycombinator.com/notes/docs/1292	Why TLS	\N	f	2022-01-05T13:00:00+00:00
1293	https://sqlite.org/x/x/1293	Ünïcode in tabs\tand spaces	design,LINUX,	f	2022-11-25T05:06:00+00:00
1294	https://github.com/2021/posts/x/1294	Why TLS		f	2019-03-29T05:40:00+00:00
1295	https://wiki.debian.org/guide/x/notes/1295	Why the GIL	devops	f	2020-07-31T13:06:00+00:00
1296	https://docs.python.org/guide/2021/posts/1296	Debugging cgroups	Python,networking, design,	f	2022-01-22T16:27:00+00:00
1297	https://docs.python.org/notes/posts/1297	Ünïcode in cgroups	linux,networking	f	2022-06-25T08:30:00+00:00
1298	https://wiki.debian.org/guide/1298	A tour of systemd	postgres,rust,perf ,Career, 	f	2021-03-03T15:14:00+00:00
1299	https://danluu.com/guide/posts/docs/1299	Notes on indexes	postgres 	f	2022-01-11T08:16:00+00:00
1300	https://github.com/x/notes/1300	Ünïcode in the GIL	\N	f	2019-05-15T05:06:00+00:00
1301	https://danluu.com/docs/x/1301	Debugging the GIL	DEVOPS,Security,perf ,SHELL, 	f	2022-10-13T07:08:00+00:00
1302	https://docs.python.org/a/notes/1302	Understanding systemd	shell,linux, rust	f	2019-11-02T00:27:00+00:00
1303	https://news.ycombinator.com/posts/1303	Understanding systemd	 design	f	2023-01-21T08:11:00+00:00
1304	https://brendangregg.com/notes/1304	A tour of TLS	Postgres,Career, security	f	2021-11-01T09:59:00+00:00
1305	https://blog.cloudflare.com/x/guide/1305	Why cgroups	python,databases ,security,devops,	t	2021-09-15T14:46:00+00:00
1306	https://blog.cloudflare.com/a/guide/1306	Why TLS	Shell,python	f	2021-09-02T19:18:00+00:00
1307	https://news.ycombinator.com/x/2021/2021/1307	How to TLS	postgres,design ,career, 	t	2021-06-24T22:29:00+00:00
1308	https://man7.org/guide/1308	How to epoll	shell,Python	f	2022-05-24T00:34:00+00:00
1309	https://docs.python.org/posts/2021/1309	A tour of cgroups	 perf,design, career, rust	f	2023-01-18T18:19:00+00:00
1310	https://danluu.com/notes/docs/a/1310	Ünïcode in TLS		f	2021-09-04T03:11:00+00:00
1311	https://github.com/notes/x/a/1311	Ünïcode in locks	Networking,SHELL,rust 	f	2020-06-30T05:14:00+00:00
1312	https://github.com/x/x/posts/1312	Why epoll	 design, 	f	2020-09-25T21:08:00+00:00
1313	https://jvns.ca/guide/x/1313	How to systemd	databases ,perf,	f	2020-01-18T11:40:00+00:00
1314	https://danluu.com/notes/docs/1314	How to locks	 databases,PERF,career,python , 	f	2020-11-20T00:52:00+00:00
1315	https://danluu.com/2021/a/1315	A tour of tabs\tand spaces	 networking,Security,Postgres, 	f	2022-03-10T13:06:00+00:00
1316	https://wiki.debian.org/docs/docs/guide/1316	A tour of vacuum	 networking, databases,	f	2022-06-25T22:32:00+00:00
1317	https://danluu.com/docs/guide/1317	Understanding indexes	rust,Linux,DATABASES,PYTHON, 	f	2020-03-10T09:11:00+00:00
1318	https://lwn.net/posts/2021/notes/1318	Notes on the GIL	perf ,rust, 	f	2021-02-27T02:30:00+00:00
1319	https://brendangregg.com/notes/1319	Debugging vacuum	Python,Perf,SHELL,LINUX	t	2020-04-23T17:38:00+00:00
1320	https://news.ycombinator.com/x/docs/notes/1320	A tour of tabs\tand spaces	Networking,career ,	f	2022-03-17T11:07:00+00:00
1321	https://github.com/2021/a/2021/1321	Why cgroups		f	2020-05-28T02:11:00+00:00
1322	https://brendangregg.com/x/a/x/1322	A tour of the GIL	DESIGN,career ,security 	f	2019-06-13T16:15:00+00:00
1323	https://blog.cloudflare.com/notes/docs/a/1323	Ünïcode in systemd	perf,POSTGRES, 	f	2022-10-23T19:31:00+00:00
1324	https://danluu.com/a/posts/2021/1324	Why tabs\tand spaces	Rust	t	2020-10-22T13:21:00+00:00
1325	https://brendangregg.com/notes/1325	A tour of tabs\tand spaces	 networking, 	f	2021-07-03T04:54:00+00:00
1326	https://blog.cloudflare.com/posts/guide/1326	Why tabs\tand spaces	Career, shell	f	2023-01-21T05:31:00+00:00
1327	https://github.com/posts/posts/guide/1327	Debugging indexes	 perf,Design	f	2020-10-18T10:19:00+00:00
1328	https://lwn.net/a/2021/1328	Why locks	Security,design ,devops ,perf 	f	2021-02-09T04:27:00+00:00
1329	https://man7.org/docs/1329	A tour of cgroups	devops ,postgres, 	t	2020-02-24T16:37:00+00:00
1330	https://postgresql.org/docs/2021/docs/1330	Why locks	LINUX,devops,databases ,	f	2022-02-02T08:39:00+00:00
1331	https://postgresql.org/guide/notes/docs/1331	How to epoll	rust,databases,linux ,security	f	2022-04-26T21:10:00+00:00
1332	https://github.com/docs/posts/1332	Debugging TLS		f	2022-05-26T14:53:00+00:00
1333	https://wiki.debian.org/notes/docs/notes/1333	Understanding cgroups	networking , perf,SHELL, security, 	f	2019-10-15T03:17:00+00:00
1334	https://sqlite.org/2021/docs/1334	How to vacuum	 shell,Postgres,python,Databases,	f	2022-01-16T21:45:00+00:00
1335	https://sqlite.org/docs/guide/guide/1335	Ünïcode in the GIL	\N	f	2022-07-24T02:45:00+00:00
1336	https://jvns.ca/notes/1336	Debugging systemd	career, shell,postgres	f	2021-06-18T06:08:00+00:00
1337	https://jvns.ca/x/1337	Notes on TLS		t	2019-07-04T10:46:00+00:00
1338	https://sqlite.org/posts/2021/1338	Debugging the GIL	python,	f	2020-02-23T09:56:00+00:00
1339	https://news.ycombinator.com/x/guide/docs/1339	Understanding TLS	python,databases,POSTGRES,	f	2022-06-10T10:47:00+00:00
1340	https://blog.cloudflare.com/docs/1340	Debugging the GIL	devops ,career, 	t	2020-10-19T20:39:00+00:00
1341	https://github.com/posts/1341	A tour of tabs\tand spaces	career,networking,python,	f	2021-07-30T14:51:00+00:00
1342	https://news.ycombinator.com/2021/x/guide/1342	Ünïcode in the GIL	NETWORKING,python,	f	2021-08-11T11:17:00+00:00
1343	https://jvns.ca/a/x/1343	How to tabs\tand spaces	Python, perf,career,Rust	f	2019-07-28T07:06:00+00:00
1344	https://danluu.com/notes/1344	A tour of locks	postgres ,networking	f	2022-04-01T22:42:00+00:00
1345	https://lwn.net/notes/1345	Why vacuum	Linux,Security,Networking,DATABASES	f	2022-03-02T16:36:00+00:00
1346	https://man7.org/guide/1346	Notes on systemd		f	2022-04-22T20:40:00+00:00
1347	https://wiki.debian.org/guide/1347	Ünïcode in cgroups	 security	f	2022-04-24T23:16:00+00:00
1348	https://lwn.net/2021/1348	How to cgroups	\N	f	2020-10-15T20:09:00+00:00
1349	https://jvns.ca/guide/a/a/1349	Ünïcode in cgroups	Security,linux ,shell , postgres	f	2020-07-10T10:34:00+00:00
1350	https://docs.python.org/2021/1350	Understanding indexes	 security, perf, databases,POSTGRES	f	2021-04-04T20:04:00+00:00
1351	https://postgresql.org/posts/1351	Ünïcode in the GIL	 python, 	f	2019-06-24T03:55:00+00:00
1352	https://blog.cloudflare.com/a/2021/1352	Ünïcode in systemd	security,networking , python, devops,	f	2019-06-10T12:50:00+00:00
1353	https://man7.org/posts/docs/1353	Debugging locks	networking,	f	2022-06-29T00:05:00+00:00
1354	https://news.ycombinator.com/x/1354	Ünïcode in tabs\tand spaces	CAREER,Shell,Python, 	f	2020-10-04T02:09:00+00:00
1355	https://blog.cloudflare.com/posts/a/x/1355	Why the GIL	DATABASES,	t	2022-06-03T11:22:00+00:00
1356	https://sqlite.org/a/1356	Why the GIL	 shell, 	f	2019-10-27T20:19:00+00:00
1357	https://blog.cloudflare.com/docs/1357	Notes on indexes	Postgres,PYTHON	t	2020-11-18T07:42:00+00:00
1358	https://danluu.com/docs/1358	How to vacuum		f	2020-05-07T23:59:00+00:00
1359	https://man7.org/posts/2021/x/1359	A tour of epoll	postgres,design,rust,	f	2023-01-14T09:26:00+00:00
1360	https://lwn.net/notes/a/1360	Debugging tabs\tand spaces	networking, python,	f	2020-05-03T20:47:00+00:00
1361	https://sqlite.org/posts/1361	Debugging vacuum	PERF,PYTHON, security, 	f	2020-09-13T17:51:00+00:00
1362	https://docs.python.org/a/notes/notes/1362	Why cgroups	POSTGRES,Shell,CAREER,Design	t	2022-02-07T01:54:00+00:00
1363	https://lwn.net/2021/x/1363	Why indexes	linux,Databases,career , 	f	2020-04-21T01:03:00+00:00
1364	https://postgresql.org/notes/posts/1364	Understanding vacuum	 design,career, 	f	2019-09-03T11:18:00+00:00
1365	https://sqlite.org/a/x/1365	How to the GIL	linux,NETWORKING	f	2021-08-01T12:10:00+00:00
1366	https://man7.org/a/1366	A tour of cgroups	PYTHON,design,Devops, shell, 	f	2022-06-01T00:25:00+00:00
1367	https://lwn.net/posts/1367	Debugging vacuum	Design,	f	2022-04-26T03:05:00+00:00
1368	https://man7.org/docs/a/1368	Why indexes	Shell,Career	f	2019-10-21T09:24:00+00:00
1369	https://github.com/x/1369	Understanding systemd	Postgres,shell ,perf , 	f	2021-05-29T04:59:00+00:00
1370	https://man7.org/a/guide/1370	How to indexes	 linux,postgres,PERF,python	f	2021-06-10T07:31:00+00:00
1371	https://lwn.net/a/notes/1371	Ünïcode in TLS	SHELL,devops ,rust, 	f	2020-11-11T12:07:00+00:00
1372	https://man7.org/x/guide/a/1372	Debugging locks	Python	f	2020-11-30T02:01:00+00:00
1373	https://danluu.com/posts/1373	Debugging TLS	rust,Python,Career	f	2019-12-04T02:07:00+00:00
1374	https://brendangregg.com/posts/1374	Ünïcode in tabs\tand spaces	devops,Security, shell,	f	2019-03-04T08:45:00+00:00
1375	https://wiki.debian.org/notes/1375	A tour of tabs\tand spaces	networking,python,databases , 	f	2021-09-21T23:31:00+00:00
1376	https://brendangregg.com/2021/1376	Understanding systemd		f	2023-02-07T21:54:00+00:00
1377	https://blog.cloudflare.com/guide/1377	Ünïcode in TLS	Databases, perf,	f	2022-08-25T09:56:00+00:00
1378	https://sqlite.org/docs/notes/1378	How to cgroups	 python,NETWORKING,Security,career	f	2019-12-15T05:30:00+00:00
1379	https://man7.org/a/x/1379	Notes on cgroups	POSTGRES,	f	2022-03-16T00:16:00+00:00
1380	https://sqlite.org/docs/1380	Notes on systemd	POSTGRES	f	2021-12-08T16:58:00+00:00
1381	https://lwn.net/a/2021/1381	Why the GIL	\N	f	2020-09-15T16:46:00+00:00
1382	https://danluu.com/posts/docs/1382	Ünïcode in TLS	\N	f	2020-07-06T10:45:00+00:00
1383	https://news.ycombinator.com/notes/posts/1383	Ünïcode in the GIL	 networking,linux 	t	2023-02-09T12:55:00+00:00
1384	https://news.ycombinator.com/docs/notes/posts/1384	Understanding locks	design ,networking , postgres,	t	2022-02-04T13:26:00+00:00
1385	https://sqlite.org/x/notes/guide/1385	Ünïcode in vacuum	SHELL,Linux,	f	2020-06-30T14:25:00+00:00
1386	https://docs.python.org/posts/1386	Understanding epoll	\N	f	2020-03-13T09:31:00+00:00
1387	https://news.ycombinator.com/docs/2021/1387	Ünïcode in epoll	security,	f	2019-12-12T11:07:00+00:00
1388	https://github.com/a/posts/1388	Debugging tabs\tand spaces	Shell,Databases	f	2020-05-17T10:29:00+00:00
1389	https://postgresql.org/docs/1389	Ünïcode in the GIL		f	2022-01-17T22:48:00+00:00
1390	https://docs.python.org/notes/guide/1390	Notes on vacuum	linux ,Python,Design,shell,	f	2021-07-02T18:03:00+00:00
1391	https://brendangregg.com/guide/a/guide/1391	Understanding tabs\tand spaces	Postgres,rust	f	2020-10-22T06:00:00+00:00
1392	https://github.com/posts/1392	Why indexes		f	2019-07-13T20:28:00+00:00
1393	https://wiki.debian.org/docs/notes/1393	Understanding epoll	PERF, linux,shell ,Devops,	f	2021-03-07T23:28:00+00:00
1394	https://postgresql.org/docs/1394	A tour of epoll	PYTHON	f	2022-03-20T21:33:00+00:00
1395	https://man7.org/a/notes/1395	A tour of locks	rust ,shell, devops	f	2019-08-28T04:24:00+00:00
1396	https://news.ycombinator.com/docs/docs/a/1396	Ünïcode in the GIL	Python,POSTGRES, 	f	2021-06-27T06:55:00+00:00
1397	https://wiki.debian.org/docs/1397	Notes on tabs\tand spaces	rust,devops,security , 	f	2022-12-20T03:56:00+00:00
1398	https://man7.org/2021/docs/docs/1398	Debugging systemd	postgres	f	2022-01-06T11:45:00+00:00
1399	https://wiki.debian.org/notes/1399	Debugging epoll	devops,Python,perf 	f	2019-05-12T07:51:00+00:00
1400	https://wiki.debian.org/guide/2021/posts/1400	Notes on systemd	 databases,Postgres,security,shell	f	2021-02-12T11:35:00+00:00
1401	https://man7.org/x/1401	Debugging epoll	Shell	f	2019-06-10T15:25:00+00:00
1402	https://danluu.com/x/2021/posts/1402	How to locks	 networking, 	f	2021-02-19T06:07:00+00:00
1403	https://docs.python.org/notes/guide/1403	How to the GIL	python,networking,Shell	f	2019-11-18T12:23:00+00:00
1404	https://brendangregg.com/guide/notes/x/1404	Ünïcode in indexes	postgres,Linux	f	2019-05-29T03:03:00+00:00
1405	https://docs.python.org/x/1405	A tour of vacuum	design,	f	2020-03-28T08:04:00+00:00
1406	https://danluu.com/a/1406	A tour of indexes	 databases,rust,postgres, 	f	2020-09-06T09:00:00+00:00
1407	https://blog.cloudflare.com/posts/notes/1407	Understanding vacuum	networking ,postgres,security	f	2021-04-19T02:11:00+00:00
1408	https://news.ycombinator.com/x/posts/1408	Debugging vacuum	databases ,Rust,CAREER,linux	f	2020-02-16T02:10:00+00:00
1409	https://danluu.com/docs/2021/notes/1409	Notes on vacuum	 networking, 	f	2022-04-17T19:45:00+00:00
1410	https://github.com/a/notes/2021/1410	A tour of indexes	PYTHON, devops,	f	2020-03-28T17:23:00+00:00
1411	https://danluu.com/2021/1411	How to cgroups	CAREER, design,	f	2022-11-07T04:36:00+00:00
1412	https://danluu.com/posts/1412	Understanding tabs\tand spaces	 linux,Devops, perf	f	2021-03-13T03:24:00+00:00
1413	https://github.com/x/2021/1413	Debugging tabs\tand spaces	security,postgres	f	2020-11-19T10:44:00+00:00
1414	https://danluu.com/a/posts/1414	Why indexes	networking ,databases	f	2021-12-07T07:24:00+00:00
1415	https://sqlite.org/posts/2021/docs/1415	Understanding systemd	Networking	f	2021-12-06T07:59:00+00:00
1416	https://docs.python.org/a/1416	Why epoll	 python,shell, databases,RUST	f	2022-11-02T22:04:00+00:00
1417	https://news.ycombinator.com/a/docs/1417	Notes on epoll		t	2022-04-05T20:08:00+00:00
1418	https://danluu.com/posts/1418	How to vacuum	DEVOPS,networking 	f	2019-05-23T10:17:00+00:00
1419	https://man7.org/notes/2021/1419	Understanding vacuum	PYTHON,DESIGN,postgres,networking,	t	2022-10-20T19:30:00+00:00
1420	https://danluu.com/a/a/1420	Ünïcode in TLS	SHELL,design , perf,	f	2020-07-14T23:16:00+00:00
1421	https://danluu.com/2021/1421	Ünïcode in vacuum	python, career,	f	2022-10-06T04:20:00+00:00
1422	https://man7.org/a/a/1422	Ünïcode in the GIL	RUST,Devops,NETWORKING,python, 	f	2019-09-17T08:23:00+00:00
1423	https://postgresql.org/guide/docs/docs/1423	How to tabs\tand spaces	perf	f	2021-08-19T03:17:00+00:00
1424	https://man7.org/2021/x/1424	Debugging vacuum	devops,career,DESIGN,rust	f	2020-02-14T19:38:00+00:00
1425	https://postgresql.org/a/1425	Notes on TLS	Career,Devops,rust ,DESIGN	f	2021-09-30T16:16:00+00:00
1426	https://docs.python.org/2021/docs/1426	How to cgroups	LINUX,POSTGRES	f	2022-09-21T23:57:00+00:00
1427	https://postgresql.org/a/2021/x/1427	A tour of locks	LINUX, 	f	2022-12-17T18:56:00+00:00
1428	https://docs.python.org/docs/1428	Debugging indexes	Linux,Networking,	f	2023-01-16T16:34:00+00:00
1429	https://news.ycombinator.com/posts/2021/1429	Ünïcode in tabs\tand spaces	career,rust,devops	f	2022-06-13T02:10:00+00:00
1430	https://postgresql.org/a/1430	Understanding TLS	postgres,Shell,security,design	f	2019-05-11T20:30:00+00:00
1431	https://docs.python.org/notes/guide/1431	Ünïcode in TLS	Security,PYTHON	f	2021-10-31T03:12:00+00:00
1432	https://blog.cloudflare.com/notes/guide/1432	A tour of epoll	Postgres,career ,rust,DEVOPS	f	2022-02-04T22:46:00+00:00
1433	https://blog.cloudflare.com/posts/guide/1433	Why tabs\tand spaces	\N	f	2022-10-18T09:06:00+00:00
1434	https://sqlite.org/guide/docs/1434	Debugging TLS	shell,rust,DEVOPS,networking,	t	2023-02-04T21:19:00+00:00
1435	https://docs.python.org/notes/guide/1435	A tour of TLS	 python,	f	2019-09-29T08:16:00+00:00
1436	https://github.com/a/1436	A tour of epoll	Postgres,CAREER,security, 	f	2021-02-15T11:55:00+00:00
1437	https://github.com/2021/guide/1437	Notes on systemd	postgres,security,DESIGN,	t	2019-03-13T05:00:00+00:00
1438	https://brendangregg.com/2021/posts/a/1438	Why vacuum	DESIGN, 	f	2022-06-11T22:45:00+00:00
1439	https://brendangregg.com/a/guide/1439	Notes on tabs\tand spaces		t	2020-04-29T02:38:00+00:00
1440	https://jvns.ca/docs/1440	How to locks	\N	f	2019-12-07T06:20:00+00:00
1441	https://docs.python.org/2021/1441	Why vacuum	Rust	f	2019-03-23T14:48:00+00:00
1442	https://danluu.com/notes/notes/1442	How to the GIL	devops,Postgres, 	t	2020-04-05T20:44:00+00:00
1443	https://docs.python.org/notes/notes/1443	Debugging the GIL	shell ,Linux, 	f	2019-04-21T16:11:00+00:00
1444	https://github.com/docs/x/1444	Debugging locks		f	2019-08-02T10:33:00+00:00
1445	https://lwn.net/posts/1445	A tour of systemd		f	2020-08-17T18:39:00+00:00
1446	https://danluu.com/a/1446	Ünïcode in TLS	linux, 	f	2019-07-22T22:29:00+00:00
1447	https://github.com/guide/1447	How to locks	 career, 	f	2022-08-27T03:34:00+00:00
1448	https://lwn.net/a/x/x/1448	Notes on systemd	Linux,PYTHON,perf ,	f	2019-10-16T05:32:00+00:00
1449	https://lwn.net/2021/posts/notes/1449	Notes on vacuum	PYTHON	f	2021-07-04T06:55:00+00:00
1450	https://brendangregg.com/notes/x/1450	Understanding epoll	design,SECURITY,CAREER, 	f	2021-11-13T17:29:00+00:00
1451	https://wiki.debian.org/x/docs/docs/1451	A tour of tabs\tand spaces	security 	f	2023-02-25T17:38:00+00:00
1452	https://man7.org/a/2021/posts/1452	Understanding the GIL	security ,DATABASES,SHELL,PERF	f	2022-05-30T17:52:00+00:00
1453	https://news.ycombinator.com/notes/a/1453	Debugging systemd	Networking,Databases, postgres,PYTHON, 	f	2020-08-01T21:57:00+00:00
1454	https://blog.cloudflare.com/notes/notes/a/1454	Understanding tabs\tand spaces	DATABASES, 	f	2022-09-26T14:19:00+00:00
1455	https://docs.python.org/x/notes/1455	Understanding vacuum	Shell,postgres ,SECURITY	f	2022-11-23T18:15:00+00:00
1456	https://danluu.com/x/2021/1456	How to tabs\tand spaces	SHELL,security, 	f	2021-10-01T13:07:00+00:00
1457	https://sqlite.org/docs/x/docs/1457	A tour of indexes	python, networking	f	2019-08-15T17:30:00+00:00
1458	https://jvns.ca/docs/guide/a/1458	Notes on epoll	\N	f	2022-08-22T09:55:00+00:00
1459	https://blog.cloudflare.com/2021/1459	Understanding TLS	devops	f	2020-11-25T12:51:00+00:00
1460	https://blog.cloudflare.com/posts/1460	Why tabs\tand spaces	design,devops ,POSTGRES	f	2023-02-02T23:51:00+00:00
1461	https://lwn.net/a/a/1461	Notes on cgroups	CAREER,Design	f	2022-12-01T03:21:00+00:00
1462	https://postgresql.org/x/docs/2021/1462	Why tabs\tand spaces	shell ,POSTGRES,LINUX,PYTHON	f	2022-10-02T21:59:00+00:00
1463	https://lwn.net/posts/posts/1463	Ünïcode in vacuum		f	2022-05-01T06:20:00+00:00
1464	https://postgresql.org/notes/1464	A tour of tabs\tand spaces	python,design,databases,postgres	f	2021-07-02T03:30:00+00:00
1465	https://danluu.com/posts/1465	Why TLS	Devops,NETWORKING,perf ,postgres	f	2022-01-14T14:17:00+00:00
1466	https://docs.python.org/x/1466	Notes on locks	shell ,career ,linux,	f	2021-04-08T01:43:00+00:00
1467	https://lwn.net/guide/notes/guide/1467	Ünïcode in vacuum	career ,rust,postgres	f	2021-10-29T02:49:00+00:00
1468	https://github.com/notes/notes/docs/1468	How to vacuum	postgres,devops,rust ,perf	f	2023-02-16T12:49:00+00:00
1469	https://blog.cloudflare.com/docs/2021/1469	Notes on locks	PYTHON, databases, security, design	f	2021-05-02T07:53:00+00:00
1470	https://blog.cloudflare.com/posts/notes/docs/1470	A tour of tabs\tand spaces	python,POSTGRES	f	2019-12-07T23:57:00+00:00
1471	https://brendangregg.com/guide/1471	Why TLS	linux,networking	f	2021-03-11T03:55:00+00:00
1472	https://postgresql.org/a/a/1472	Why TLS	NETWORKING	f	2022-11-16T18:14:00+00:00
1473	https://brendangregg.com/x/x/1473	Debugging vacuum	POSTGRES,security ,linux ,PYTHON, 	f	2020-06-17T21:15:00+00:00
1474	https://news.ycombinator.com/2021/a/1474	Why cgroups	career ,perf,PYTHON,LINUX	f	2020-05-20T01:50:00+00:00
1475	https://wiki.debian.org/x/x/1475	Debugging indexes	design,rust	f	2020-07-30T04:29:00+00:00
1476	https://github.com/guide/guide/1476	A tour of vacuum	design	f	2019-06-26T06:09:00+00:00
1477	https://lwn.net/a/a/1477	Ünïcode in epoll	networking,	f	2020-12-03T04:45:00+00:00
1478	https://brendangregg.com/x/2021/1478	How to tabs\tand spaces	python, 	f	2019-07-17T00:30:00+00:00
1479	https://blog.cloudflare.com/guide/docs/posts/1479	Why vacuum	python,	f	2021-04-18T06:16:00+00:00
1480	https://github.com/x/docs/2021/1480	A tour of locks	devops ,Perf,	f	2022-07-21T01:54:00+00:00
1481	https://blog.cloudflare.com/2021/1481	Ünïcode in locks	Postgres,SHELL,linux,Career	f	2022-03-31T18:22:00+00:00
1482	https://wiki.debian.org/posts/1482	Ünïcode in TLS	Rust,databases ,security, 	f	2019-12-25T06:10:00+00:00
1483	https://brendangregg.com/docs/1483	How to cgroups	networking,design, 	f	2022-05-13T21:32:00+00:00
1484	https://danluu.com/docs/a/1484	Understanding cgroups	shell	f	2022-03-19T20:47:00+00:00
1485	https://jvns.ca/x/1485	Understanding the GIL	\N	f	2021-06-02T08:12:00+00:00
1486	https://blog.cloudflare.com/2021/notes/1486	Why epoll	design,linux, 	f	2022-07-13T06:41:00+00:00
1487	https://wiki.debian.org/x/guide/1487	Ünïcode in indexes	devops,postgres ,design	f	2022-01-30T10:58:00+00:00
1488	https://news.ycombinator.com/guide/1488	Ünïcode in epoll	databases ,design,Security,postgres ,	f	2019-03-30T16:45:00+00:00
1489	https://news.ycombinator.com/x/x/1489	How to locks	 networking,devops,shell	f	2022-02-24T00:01:00+00:00
1490	https://docs.python.org/docs/1490	Ünïcode in vacuum	shell, design,perf,linux	f	2019-07-26T14:03:00+00:00
1491	https://postgresql.org/guide/1491	How to the GIL	security,shell ,python ,	f	2021-01-15T08:31:00+00:00
1492	https://wiki.debian.org/x/a/1492	A tour of the GIL	postgres , 	f	2021-01-07T01:05:00+00:00
1493	https://github.com/docs/guide/1493	Notes on epoll		f	2020-03-22T16:04:00+00:00
1494	https://jvns.ca/x/a/notes/1494	Why TLS	 postgres,python 	f	2019-05-06T12:57:00+00:00
1495	https://jvns.ca/notes/guide/1495	Debugging epoll	networking ,SHELL,databases	f	2021-04-19T13:10:00+00:00
1496	https://wiki.debian.org/docs/1496	Understanding systemd	PYTHON, 	f	2019-04-20T11:41:00+00:00
1497	https://lwn.net/a/1497	A tour of cgroups	LINUX,design,devops	f	2022-07-06T10:03:00+00:00
1498	https://docs.python.org/guide/2021/1498	A tour of vacuum	devops ,Rust,perf	f	2020-09-04T04:47:00+00:00
1499	https://lwn.net/notes/x/x/1499	Debugging vacuum	design ,	f	2022-10-02T03:43:00+00:00
1500	https://lwn.net/2021/guide/docs/1500	Ünïcode in indexes	rust ,SECURITY,devops	f	2021-03-05T04:53:00+00:00
1501	https://lwn.net/2021/1501	How to locks	Postgres,Networking,security 	f	2021-02-16T18:00:00+00:00
1502	https://docs.python.org/docs/1502	How to locks	PERF,SECURITY, postgres, 	f	2020-02-14T09:49:00+00:00
1503	https://news.ycombinator.com/posts/1503	A tour of indexes	perf	f	2020-12-30T15:26:00+00:00
1504	https://news.ycombinator.com/x/posts/guide/1504	Ünïcode in tabs\tand spaces	devops	f	2019-12-11T11:18:00+00:00
1505	https://sqlite.org/2021/1505	Debugging TLS	postgres ,shell,design ,NETWORKING	f	2021-02-08T10:40:00+00:00
1506	https://sqlite.org/x/1506	Debugging indexes	DESIGN,	f	2021-06-01T03:17:00+00:00
1507	https://wiki.debian.org/x/x/1507	Debugging locks	DEVOPS,	f	2020-10-14T14:52:00+00:00
1508	https://news.ycombinator.com/guide/1508	Understanding tabs\tand spaces	perf 	f	2019-12-02T17:07:00+00:00
1509	https://man7.org/a/a/1509	A tour of TLS	databases,design ,DEVOPS, 	f	2020-03-22T03:14:00+00:00
1510	https://blog.cloudflare.com/docs/guide/notes/1510	Notes on indexes	\N	t	2021-11-12T04:15:00+00:00
1511	https://man7.org/a/docs/1511	Notes on TLS	Python,networking ,shell 	f	2021-12-21T22:10:00+00:00
1512	https://brendangregg.com/notes/x/1512	Notes on epoll	Security,devops,career ,rust 	f	2020-01-25T02:16:00+00:00
1513	https://postgresql.org/a/1513	How to systemd		f	2019-09-23T22:48:00+00:00
1514	https://brendangregg.com/2021/1514	Why vacuum	 devops, 	f	2021-03-14T10:18:00+00:00
1515	https://news.ycombinator.com/2021/2021/1515	Debugging TLS	DESIGN,career,Security	f	2021-11-23T17:32:00+00:00
1516	https://jvns.ca/docs/notes/1516	Notes on the GIL	devops,security,	f	2020-11-03T02:13:00+00:00
1517	https://news.ycombinator.com/x/a/x/1517	Why vacuum	shell,networking ,	t	2022-01-11T06:03:00+00:00
1518	https://blog.cloudflare.com/2021/x/1518	A tour of the GIL	Perf	f	2020-08-08T06:24:00+00:00
1519	https://postgresql.org/x/docs/2021/1519	Notes on locks		f	2021-07-14T11:30:00+00:00
1520	https://github.com/posts/2021/docs/1520	Ünïcode in cgroups	Linux	t	2020-09-30T14:34:00+00:00
1521	https://wiki.debian.org/docs/posts/1521	A tour of TLS	security 	f	2022-07-10T22:45:00+00:00
1522	https://jvns.ca/docs/notes/1522	Notes on vacuum	\N	f	2019-11-19T23:27:00+00:00
1523	https://man7.org/guide/guide/notes/1523	Why vacuum	 career,linux,devops,	f	2021-07-02T06:46:00+00:00
1524	https://docs.python.org/notes/posts/1524	Why tabs\tand spaces	 postgres,devops,career,networking,	t	2020-09-14T18:50:00+00:00
1525	https://docs.python.org/docs/2021/a/1525	How to tabs\tand spaces	 security,networking,perf,linux	f	2022-06-26T11:40:00+00:00
1526	https://github.com/2021/x/1526	Debugging indexes	design ,shell ,postgres, security, 	f	2021-04-18T02:03:00+00:00
1527	https://github.com/x/1527	Notes on the GIL	 databases,	f	2022-03-09T20:19:00+00:00
1528	https://lwn.net/notes/guide/a/1528	How to epoll	rust ,security,DATABASES,perf	t	2021-09-10T10:59:00+00:00
1529	https://news.ycombinator.com/a/notes/2021/1529	Debugging locks	 postgres,databases,	f	2020-07-15T20:04:00+00:00
1530	https://lwn.net/posts/guide/1530	A tour of the GIL	Networking, 	t	2021-12-08T01:57:00+00:00
1531	https://news.ycombinator.com/docs/2021/1531	Debugging indexes	perf,devops, python,SHELL	f	2022-07-11T03:55:00+00:00
1532	https://lwn.net/a/posts/notes/1532	Why epoll	design, security, 	f	2022-10-20T20:11:00+00:00
1533	https://github.com/guide/1533	Understanding TLS	devops,Security,career, 	f	2020-01-30T05:56:00+00:00
1534	https://danluu.com/x/x/1534	Notes on TLS	\N	f	2020-04-26T09:13:00+00:00
1535	https://sqlite.org/a/1535	A tour of locks	shell ,NETWORKING,rust 	f	2020-01-10T14:20:00+00:00
1536	https://sqlite.org/docs/1536	Why TLS	linux,	f	2022-12-24T05:29:00+00:00
1537	https://docs.python.org/notes/1537	Understanding indexes	CAREER,Networking, postgres	f	2020-04-02T04:35:00+00:00
1538	https://danluu.com/2021/1538	Debugging cgroups	Career,Perf,devops ,POSTGRES, 	f	2022-03-05T17:43:00+00:00
1539	https://man7.org/guide/docs/1539	Ünïcode in tabs\tand spaces	networking 	f	2022-11-06T02:23:00+00:00
1540	https://wiki.debian.org/x/1540	A tour of cgroups	design, devops,python	f	2020-06-08T04:37:00+00:00
1541	https://brendangregg.com/posts/posts/1541	Ünïcode in the GIL	design ,networking,Perf	f	2021-04-07T10:55:00+00:00
1542	https://brendangregg.com/notes/1542	How to cgroups	 career,perf	f	2019-11-20T08:49:00+00:00
1543	https://brendangregg.com/2021/x/x/1543	How to epoll	security,networking 	t	2019-09-15T04:03:00+00:00
1544	https://lwn.net/guide/1544	A tour of tabs\tand spaces	POSTGRES,databases, rust	f	2021-12-17T10:38:00+00:00
1545	https://sqlite.org/a/notes/1545	A tour of vacuum	RUST	f	2022-01-23T16:06:00+00:00
1546	https://danluu.com/docs/2021/a/1546	Understanding TLS	 career,Python,design ,rust , 	f	2023-02-25T00:29:00+00:00
1547	https://docs.python.org/a/posts/1547	How to vacuum	Networking,career 	f	2020-12-13T19:44:00+00:00
1548	https://sqlite.org/posts/docs/a/1548	Why locks	career,Linux	f	2022-07-21T17:51:00+00:00
1549	https://man7.org/2021/notes/x/1549	A tour of epoll	POSTGRES, rust,linux,career	f	2022-05-01T14:21:00+00:00
1550	https://blog.cloudflare.com/a/1550	Ünïcode in indexes	 design	f	2021-11-14T00:52:00+00:00
1551	https://blog.cloudflare.com/posts/a/docs/1551	Why vacuum	python, postgres, 	f	2021-07-13T19:31:00+00:00
1552	https://jvns.ca/2021/docs/docs/1552	How to tabs\tand spaces	perf ,CAREER, 	f	2019-09-15T17:49:00+00:00
1553	https://wiki.debian.org/x/1553	Understanding TLS	\N	f	2019-08-24T05:50:00+00:00
1554	https://github.com/a/2021/1554	Why cgroups	 databases,security 	f	2022-04-03T05:33:00+00:00
1555	https://blog.cloudflare.com/posts/1555	Debugging tabs\tand spaces	\N	f	2022-05-13T22:07:00+00:00
1556	https://github.com/notes/2021/a/1556	Understanding TLS	databases,postgres ,	f	2023-01-23T10:46:00+00:00
1557	https://brendangregg.com/2021/posts/x/1557	Ünïcode in cgroups	devops ,databases 	f	2019-05-14T11:19:00+00:00
1558	https://sqlite.org/notes/x/guide/1558	Why tabs\tand spaces	perf	t	2019-11-07T11:11:00+00:00
1559	https://man7.org/posts/1559	How to tabs\tand spaces	shell,DEVOPS	f	2021-12-24T18:14:00+00:00
1560	https://postgresql.org/a/1560	Why locks	 security,Rust, 	t	2021-08-27T07:08:00+00:00
1561	https://postgresql.org/x/docs/guide/1561	Debugging locks	design, devops,databases,career,	f	2019-05-25T09:18:00+00:00
1562	https://lwn.net/notes/a/1562	A tour of cgroups	Career,	f	2022-05-19T03:22:00+00:00
1563	https://docs.python.org/guide/notes/1563	Notes on vacuum	design	f	2020-03-24T16:01:00+00:00
1564	https://docs.python.org/x/posts/1564	Why indexes	perf ,Databases,	f	2021-10-23T17:11:00+00:00
1565	https://github.com/docs/1565	How to vacuum	postgres ,rust , python,	f	2020-03-22T16:19:00+00:00
1566	https://docs.python.org/posts/a/posts/1566	Why TLS	SHELL,databases,security , 	f	2020-10-04T17:54:00+00:00
1567	https://wiki.debian.org/notes/1567	Understanding the GIL	 devops,linux 	f	2021-10-21T01:40:00+00:00
1568	https://jvns.ca/docs/1568	How to vacuum		f	2019-06-17T07:34:00+00:00
1569	https://brendangregg.com/guide/a/1569	Understanding the GIL	NETWORKING,	f	2019-05-13T11:26:00+00:00
1570	https://sqlite.org/posts/a/a/1570	A tour of cgroups	Databases,linux ,shell, 	f	2019-06-29T18:28:00+00:00
1571	https://blog.cloudflare.com/2021/1571	Ünïcode in tabs\tand spaces	 networking,Devops, design, 	f	2022-03-01T21:24:00+00:00
1572	https://sqlite.org/notes/x/guide/1572	Notes on locks	\N	f	2022-08-18T22:14:00+00:00
1573	https://sqlite.org/docs/notes/1573	Notes on systemd	security , shell,databases,rust,	f	2019-08-31T14:11:00+00:00
1574	https://docs.python.org/posts/1574	Why tabs\tand spaces	shell,rust,databases ,	f	2022-10-25T05:38:00+00:00
1575	https://jvns.ca/guide/2021/1575	A tour of epoll	Shell,perf,career ,	f	2022-01-19T00:54:00+00:00
1576	https://docs.python.org/posts/guide/1576	Ünïcode in tabs\tand spaces	DEVOPS,networking ,Shell	f	2022-10-16T10:58:00+00:00
1577	https://lwn.net/a/1577	Notes on vacuum	\N	f	2022-11-21T01:18:00+00:00
1578	https://sqlite.org/a/guide/docs/1578	Ünïcode in the GIL		f	2022-06-10T20:21:00+00:00
1579	https://news.ycombinator.com/posts/guide/notes/1579	Debugging cgroups	 networking	f	2021-09-01T13:17:00+00:00
1580	https://danluu.com/x/x/notes/1580	A tour of epoll	\N	t	2021-06-26T11:24:00+00:00
1581	https://brendangregg.com/docs/2021/1581	Debugging epoll	security,postgres,perf,shell	f	2020-08-19T13:31:00+00:00
1582	https://github.com/notes/1582	Understanding locks	career, 	f	2022-11-10T14:00:00+00:00
1583	https://postgresql.org/guide/notes/guide/1583	How to epoll	Databases	f	2021-10-22T06:03:00+00:00
1584	https://wiki.debian.org/x/posts/1584	Why tabs\tand spaces	career,networking 	f	2022-08-29T02:52:00+00:00
1585	https://postgresql.org/posts/2021/1585	How to tabs\tand spaces	 devops,RUST, postgres,databases 	f	2022-12-05T21:01:00+00:00
1586	https://brendangregg.com/a/guide/notes/1586	How to cgroups	Postgres,Career	f	2022-02-19T20:40:00+00:00
1587	https://postgresql.org/notes/1587	Debugging indexes	devops ,	f	2022-07-06T03:16:00+00:00
1588	https://jvns.ca/posts/1588	Ünïcode in epoll	shell ,rust,postgres ,databases ,	f	2020-07-21T21:44:00+00:00
1589	https://man7.org/posts/1589	Why epoll	career	f	2019-10-04T10:06:00+00:00
1590	https://github.com/guide/1590	Notes on systemd	Security,linux,CAREER	f	2020-01-08T03:22:00+00:00
1591	https://docs.python.org/2021/1591	Why indexes	shell ,Linux,Career	f	2022-08-07T22:13:00+00:00
1592	https://danluu.com/guide/guide/a/1592	Ünïcode in vacuum	Design,perf ,Security	f	2019-04-29T19:20:00+00:00
1593	https://github.com/notes/notes/1593	Why epoll	Networking,Devops,shell,	f	2021-03-15T15:28:00+00:00
1594	https://blog.cloudflare.com/notes/a/guide/1594	Ünïcode in tabs\tand spaces	security ,design,rust , databases, 	f	2020-04-04T14:36:00+00:00
1595	https://docs.python.org/x/1595	Notes on TLS	Shell,security,Python, 	f	2022-08-07T13:30:00+00:00
1596	https://postgresql.org/notes/guide/1596	Notes on systemd	\N	f	2022-08-18T12:07:00+00:00
1597	https://danluu.com/x/2021/notes/1597	Debugging indexes	Career, security,linux, 	f	2021-01-09T02:55:00+00:00
1598	https://postgresql.org/a/posts/docs/1598	Notes on vacuum	\N	f	2021-10-21T13:48:00+00:00
1599	https://jvns.ca/guide/x/1599	A tour of TLS	\N	f	2021-05-23T08:42:00+00:00
1600	https://docs.python.org/docs/x/1600	A tour of indexes	Security, devops,	f	2019-06-30T12:36:00+00:00
1601	https://wiki.debian.org/posts/a/1601	Debugging the GIL	security ,linux,postgres,Perf,	f	2022-04-15T09:56:00+00:00
1602	https://jvns.ca/posts/guide/1602	Notes on locks	CAREER,	f	2019-06-05T21:45:00+00:00
1603	https://wiki.debian.org/docs/1603	Notes on vacuum	Postgres,shell	f	2020-07-06T16:44:00+00:00
1604	https://postgresql.org/guide/notes/docs/1604	Notes on vacuum	shell ,Perf,python,security	t	2019-04-27T13:14:00+00:00
1605	https://github.com/a/1605	Ünïcode in tabs\tand spaces		f	2022-12-13T23:48:00+00:00
1606	https://brendangregg.com/x/2021/notes/1606	A tour of tabs\tand spaces	Security,Linux,DEVOPS,POSTGRES	f	2022-10-26T15:28:00+00:00
1607	https://wiki.debian.org/a/posts/notes/1607	Why vacuum	databases	f	2021-03-21T07:53:00+00:00
1608	https://danluu.com/a/x/guide/1608	Ünïcode in tabs\tand spaces		f	2022-03-18T10:51:00+00:00
1609	https://danluu.com/docs/posts/1609	Why systemd	\N	f	2021-04-23T22:24:00+00:00
1610	https://blog.cloudflare.com/posts/1610	Understanding vacuum		f	2019-12-27T14:14:00+00:00
1611	https://docs.python.org/docs/x/x/1611	Debugging cgroups	 perf,networking,postgres , security	f	2022-02-09T20:49:00+00:00
1612	https://man7.org/docs/docs/1612	Debugging locks	security,Devops, 	f	2019-04-23T03:37:00+00:00
1613	https://docs.python.org/2021/2021/docs/1613	Ünïcode in tabs\tand spaces	 databases, 	f	2019-07-23T00:49:00+00:00
1614	https://news.ycombinator.com/notes/1614	A tour of locks	shell ,	f	2019-08-07T12:41:00+00:00
1615	https://danluu.com/2021/a/1615	Notes on systemd	RUST,databases ,shell ,python , 	f	2020-04-06T11:48:00+00:00
1616	https://docs.python.org/posts/2021/1616	Understanding tabs\tand spaces	 databases, devops	f	2022-12-02T06:31:00+00:00
1617	https://postgresql.org/guide/a/1617	A tour of TLS	 perf,PYTHON, security,	t	2022-08-09T05:49:00+00:00
1618	https://news.ycombinator.com/2021/a/x/1618	Notes on locks		f	2019-06-27T10:58:00+00:00
1619	https://github.com/docs/1619	Why cgroups	devops ,python ,	f	2022-01-09T09:11:00+00:00
1620	https://sqlite.org/guide/1620	A tour of systemd	\N	f	2020-11-20T03:54:00+00:00
1621	https://wiki.debian.org/a/1621	Understanding tabs\tand spaces	design,perf ,POSTGRES, security	f	2022-01-04T07:10:00+00:00
1622	https://docs.python.org/a/guide/docs/1622	How to locks	devops,Linux,perf,security ,	f	2019-05-12T15:32:00+00:00
1623	https://lwn.net/notes/1623	Debugging vacuum	databases 	f	2020-07-15T23:18:00+00:00
1624	https://news.ycombinator.com/guide/1624	Notes on epoll	rust	f	2021-11-30T22:00:00+00:00
1625	https://sqlite.org/guide/1625	A tour of TLS	 shell	t	2021-12-22T02:05:00+00:00
1626	https://lwn.net/guide/notes/docs/1626	Understanding indexes	linux,perf	f	2022-08-16T09:58:00+00:00
1627	https://sqlite.org/2021/docs/notes/1627	A tour of the GIL	security, shell,devops	f	2019-03-07T22:10:00+00:00
1628	https://jvns.ca/posts/posts/2021/1628	Notes on cgroups	 design, networking	f	2019-11-17T06:47:00+00:00
1629	https://danluu.com/a/1629	Ünïcode in TLS	python , security	f	2020-04-02T01:35:00+00:00
1630	https://docs.python.org/docs/notes/notes/1630	Ünïcode in tabs\tand spaces	shell ,DESIGN,rust , 	f	2022-02-27T07:12:00+00:00
1631	https://blog.cloudflare.com/posts/notes/1631	A tour of indexes	 linux,	f	2020-04-23T23:17:00+00:00
1632	https://github.com/a/posts/1632	Ünïcode in vacuum	career,Rust,	f	2022-02-02T19:07:00+00:00
1633	https://wiki.debian.org/a/2021/2021/1633	Understanding indexes	shell ,DEVOPS,	f	2022-09-19T17:23:00+00:00
1634	https://blog.cloudflare.com/a/1634	Understanding vacuum	 devops	f	2022-01-17T02:14:00+00:00
1635	https://news.ycombinator.com/docs/1635	Why the GIL	postgres,devops ,Career	f	2019-07-09T06:50:00+00:00
1636	https://blog.cloudflare.com/docs/notes/1636	Why indexes	shell ,Perf	f	2020-04-12T02:20:00+00:00
1637	https://news.ycombinator.com/guide/x/1637	Understanding epoll	shell, 	t	2019-05-31T09:56:00+00:00
1638	https://danluu.com/guide/docs/docs/1638	Understanding locks	\N	f	2021-08-10T04:50:00+00:00
1639	https://github.com/2021/x/notes/1639	Debugging TLS	security,devops 	f	2022-02-10T20:03:00+00:00
1640	https://jvns.ca/posts/x/notes/1640	Why the GIL	rust ,networking, 	f	2021-11-19T02:32:00+00:00
1641	https://news.ycombinator.com/docs/a/1641	Ünïcode in locks	shell, career,rust,python	t	2021-11-21T05:10:00+00:00
1642	https://danluu.com/docs/1642	Understanding epoll	perf,DESIGN,postgres,Networking	f	2020-10-20T09:17:00+00:00
1643	https://github.com/notes/docs/guide/1643	How to indexes	postgres 	f	2020-10-28T21:59:00+00:00
1644	https://blog.cloudflare.com/posts/docs/2021/1644	A tour of locks	databases ,Linux,design ,Career,	t	2019-09-03T12:08:00+00:00
1645	https://jvns.ca/guide/1645	Ünïcode in locks	databases,perf,career,	f	2022-04-04T01:34:00+00:00
1646	https://blog.cloudflare.com/a/guide/1646	Understanding systemd		f	2022-02-14T01:31:00+00:00
1647	https://lwn.net/a/guide/1647	Debugging tabs\tand spaces	Postgres,Devops,security	f	2022-04-23T18:26:00+00:00
1648	https://danluu.com/notes/1648	Understanding epoll	Databases,rust ,shell , 	f	2022-11-01T01:48:00+00:00
1649	https://lwn.net/2021/posts/a/1649	Debugging epoll	POSTGRES,	f	2021-12-07T12:49:00+00:00
1650	https://wiki.debian.org/guide/posts/2021/1650	Debugging indexes	Security,design,NETWORKING, shell,	f	2021-12-16T06:26:00+00:00
1651	https://wiki.debian.org/docs/1651	How to the GIL	 perf, 	f	2021-02-15T03:17:00+00:00
1652	https://lwn.net/x/posts/notes/1652	How to cgroups	Perf	f	2022-08-16T20:48:00+00:00
1653	https://wiki.debian.org/notes/2021/1653	Ünïcode in the GIL	\N	t	2019-03-28T05:58:00+00:00
1654	https://blog.cloudflare.com/guide/docs/a/1654	A tour of cgroups	security ,networking	f	2022-07-05T18:17:00+00:00
1655	https://jvns.ca/a/x/a/1655	Debugging indexes	Python,	f	2021-01-27T16:57:00+00:00
1656	https://brendangregg.com/2021/1656	Why epoll	shell ,Career,DEVOPS	f	2019-12-01T04:30:00+00:00
1657	https://danluu.com/x/a/1657	Why tabs\tand spaces	rust,	t	2022-03-26T13:59:00+00:00
1658	https://brendangregg.com/x/a/1658	Ünïcode in locks	career ,devops,POSTGRES,	f	2019-10-22T21:50:00+00:00
1659	https://danluu.com/posts/notes/1659	How to the GIL	 career,rust,	t	2023-02-05T18:19:00+00:00
1660	https://lwn.net/notes/docs/1660	How to TLS	 rust,DESIGN,career , 	f	2019-03-15T07:04:00+00:00
1661	https://danluu.com/x/1661	A tour of TLS	 career,design,security, 	f	2022-06-04T14:03:00+00:00
1662	https://danluu.com/2021/x/1662	Understanding indexes	shell ,perf, linux,design,	f	2021-05-21T10:54:00+00:00
1663	https://danluu.com/notes/guide/posts/1663	How to the GIL	PERF,Design,CAREER,networking , 	f	2020-10-12T08:32:00+00:00
1664	https://blog.cloudflare.com/a/a/1664	Debugging TLS	career,design , 	f	2021-08-11T14:05:00+00:00
1665	https://postgresql.org/docs/posts/a/1665	Debugging tabs\tand spaces	PYTHON, networking,Rust,career 	f	2020-04-17T07:49:00+00:00
1666	https://danluu.com/a/1666	A tour of systemd	LINUX,Career, databases, 	t	2023-02-22T01:40:00+00:00
1667	https://blog.cloudflare.com/a/1667	A tour of indexes		t	2020-05-23T21:15:00+00:00
1668	https://blog.cloudflare.com/x/guide/1668	Understanding locks	LINUX,Python,Shell	f	2022-09-11T13:35:00+00:00
1669	https://wiki.debian.org/a/a/notes/1669	Notes on cgroups	Perf,shell, 	f	2019-12-07T00:09:00+00:00
1670	https://docs.python.org/notes/x/notes/1670	Notes on the GIL	Security,linux,PYTHON,	f	2019-04-07T09:04:00+00:00
1671	https://danluu.com/notes/1671	Notes on cgroups	 devops	f	2019-07-26T08:47:00+00:00
1672	https://postgresql.org/a/1672	Debugging indexes	\N	f	2020-12-09T05:09:00+00:00
1673	https://news.ycombinator.com/a/x/1673	A tour of indexes	python, devops	f	2022-01-23T14:38:00+00:00
1674	https://docs.python.org/guide/1674	Notes on vacuum	python,SHELL, 	t	2021-01-10T07:38:00+00:00
1675	https://postgresql.org/x/x/1675	Notes on the GIL	 devops,shell, 	t	2022-07-05T02:09:00+00:00
1676	https://postgresql.org/docs/docs/x/1676	Understanding cgroups	career,Shell,postgres , rust	f	2020-09-24T06:24:00+00:00
1677	https://lwn.net/notes/x/1677	Ünïcode in locks	career	t	2021-06-10T17:57:00+00:00
1678	https://jvns.ca/guide/1678	Ünïcode in the GIL	DESIGN, career,SECURITY	f	2019-11-25T00:05:00+00:00
1679	https://man7.org/notes/1679	Why systemd	security, 	f	2021-02-17T10:28:00+00:00
1680	https://danluu.com/x/posts/posts/1680	Understanding the GIL	DEVOPS, databases	f	2021-02-11T14:33:00+00:00
1681	https://brendangregg.com/notes/1681	Why cgroups	Linux,POSTGRES,DATABASES,shell, 	f	2019-05-23T09:46:00+00:00
1682	https://news.ycombinator.com/a/a/1682	A tour of epoll	DEVOPS,career	f	2022-05-25T02:40:00+00:00
1683	https://sqlite.org/x/docs/1683	Understanding cgroups	 networking,postgres ,Security, 	f	2022-09-02T22:45:00+00:00
1684	https://news.ycombinator.com/guide/posts/a/1684	Understanding systemd	Career,linux ,postgres,databases , 	f	2019-05-11T17:03:00+00:00
1685	https://danluu.com/a/1685	Ünïcode in vacuum	 databases,Python, 	f	2023-01-04T08:15:00+00:00
1686	https://news.ycombinator.com/2021/1686	How to tabs\tand spaces	python,databases, shell,rust 	f	2021-12-31T14:28:00+00:00
1687	https://postgresql.org/docs/x/a/1687	Notes on cgroups	rust	f	2019-03-04T13:52:00+00:00
1688	https://man7.org/docs/1688	Why vacuum	Perf,design, 	f	2020-01-28T23:09:00+00:00
1689	https://man7.org/a/1689	Ünïcode in systemd	NETWORKING	f	2021-09-29T08:04:00+00:00
1690	https://brendangregg.com/docs/2021/x/1690	Debugging locks	rust ,Perf,Devops,networking	f	2022-04-14T17:54:00+00:00
1691	https://danluu.com/2021/notes/1691	Why the GIL	perf,security	f	2022-01-11T13:36:00+00:00
1692	https://github.com/posts/2021/notes/1692	How to indexes	 rust, 	f	2022-03-25T15:03:00+00:00
1693	https://wiki.debian.org/x/1693	How to cgroups	design,	t	2022-01-15T02:11:00+00:00
1694	https://docs.python.org/notes/1694	Ünïcode in cgroups	python ,Postgres, 	f	2021-07-29T00:03:00+00:00
1695	https://danluu.com/notes/1695	How to tabs\tand spaces	Python,shell,career ,postgres	f	2021-09-26T09:57:00+00:00
1696	https://news.ycombinator.com/guide/1696	Ünïcode in tabs\tand spaces	 rust,career ,perf 	t	2019-07-24T09:41:00+00:00
1697	https://news.ycombinator.com/docs/1697	Notes on TLS	shell	f	2022-11-15T15:33:00+00:00
1698	https://docs.python.org/docs/notes/docs/1698	Understanding the GIL	databases, python,rust,	f	2019-08-15T02:54:00+00:00
1699	https://postgresql.org/a/docs/1699	How to vacuum	POSTGRES	f	2021-09-17T01:27:00+00:00
1700	https://jvns.ca/x/posts/x/1700	How to epoll	rust,perf, linux	t	2020-06-06T01:47:00+00:00
1701	https://lwn.net/a/1701	Understanding TLS	Networking,SECURITY,rust,Linux	f	2019-11-29T18:35:00+00:00
1702	https://danluu.com/2021/docs/1702	A tour of systemd	POSTGRES, perf,devops ,career,	f	2020-07-12T21:58:00+00:00
1703	https://wiki.debian.org/2021/1703	A tour of TLS	Career,devops ,Design, linux, 	f	2021-02-21T13:08:00+00:00
1704	https://lwn.net/2021/docs/1704	Ünïcode in locks	DESIGN, python,	f	2021-10-07T20:29:00+00:00
1705	https://news.ycombinator.com/posts/1705	How to tabs\tand spaces	 design, devops, 	f	2021-04-01T12:56:00+00:00
1706	https://wiki.debian.org/a/1706	Notes on epoll	perf ,databases ,	f	2021-04-02T21:01:00+00:00
1707	https://sqlite.org/x/1707	Why tabs\tand spaces	design,linux	f	2021-06-01T05:08:00+00:00
1708	https://man7.org/2021/guide/1708	Why systemd	design, rust,databases ,	f	2020-11-10T19:12:00+00:00
1709	https://lwn.net/2021/1709	Ünïcode in vacuum	networking,RUST, perf	f	2021-02-17T16:54:00+00:00
1710	https://sqlite.org/posts/2021/posts/1710	Why cgroups	shell ,career	f	2021-01-11T15:36:00+00:00
1711	https://lwn.net/posts/posts/1711	Understanding cgroups	Rust	f	2022-07-26T08:56:00+00:00
1712	https://sqlite.org/guide/1712	Debugging indexes	Postgres,security,NETWORKING,PYTHON,	f	2019-05-03T22:37:00+00:00
1713	https://github.com/posts/guide/posts/1713	Ünïcode in the GIL	Shell	f	2021-12-04T12:03:00+00:00
1714	https://brendangregg.com/notes/2021/1714	Ünïcode in tabs\tand spaces	career ,devops	t	2020-03-05T07:36:00+00:00
1715	https://docs.python.org/x/2021/1715	A tour of TLS	\N	f	2022-12-06T18:06:00+00:00
1716	https://sqlite.org/a/guide/1716	Notes on locks		f	2021-07-05T11:51:00+00:00
1717	https://jvns.ca/notes/1717	A tour of indexes	LINUX, 	f	2021-03-29T22:48:00+00:00
1718	https://lwn.net/a/a/a/1718	How to the GIL	shell 	f	2021-03-26T03:18:00+00:00
1719	https://brendangregg.com/notes/1719	A tour of vacuum		f	2021-08-26T17:45:00+00:00
1720	https://man7.org/docs/a/posts/1720	Ünïcode in epoll	SECURITY, 	f	2021-10-26T11:25:00+00:00
1721	https://news.ycombinator.com/notes/1721	Debugging epoll		f	2021-07-12T03:00:00+00:00
1722	https://blog.cloudflare.com/x/1722	Why indexes	Devops, databases,shell , linux	f	2020-03-19T07:47:00+00:00
1723	https://wiki.debian.org/posts/1723	Ünïcode in systemd	PYTHON,networking,DATABASES	f	2020-10-23T13:55:00+00:00
1724	https://postgresql.org/2021/1724	Debugging locks	databases, networking, devops,Design	f	2021-12-31T08:50:00+00:00
1725	https://docs.python.org/notes/notes/1725	How to cgroups	security,linux,perf,Postgres	f	2019-12-11T18:50:00+00:00
1726	https://man7.org/a/posts/a/1726	Debugging cgroups	DEVOPS,PERF, networking,career,	t	2021-04-26T06:30:00+00:00
1727	https://news.ycombinator.com/docs/docs/1727	Debugging tabs\tand spaces	linux,career,postgres	f	2019-08-11T11:36:00+00:00
1728	https://github.com/notes/a/2021/1728	Debugging indexes	NETWORKING,	f	2021-12-20T19:52:00+00:00
1729	https://postgresql.org/notes/1729	How to locks	\N	f	2019-07-19T00:34:00+00:00
1730	https://danluu.com/guide/1730	Notes on epoll		f	2019-10-12T23:06:00+00:00
1731	https://danluu.com/docs/docs/a/1731	Ünïcode in epoll	postgres,career 	f	2021-03-31T15:52:00+00:00
1732	https://sqlite.org/guide/1732	Debugging the GIL	DEVOPS,security,perf, python,	f	2020-11-13T23:16:00+00:00
1733	https://sqlite.org/x/posts/1733	Understanding the GIL	rust,security, design, 	f	2023-01-07T10:08:00+00:00
1734	https://danluu.com/a/1734	How to locks	DEVOPS, postgres, 	t	2021-06-30T13:21:00+00:00
1735	https://sqlite.org/posts/docs/1735	Debugging systemd	databases ,PYTHON, career	f	2021-05-15T21:29:00+00:00
1736	https://blog.cloudflare.com/notes/a/1736	Why indexes	Security, devops	f	2022-01-19T19:06:00+00:00
1737	https://jvns.ca/a/posts/1737	Ünïcode in systemd	devops ,shell , 	f	2019-08-17T12:33:00+00:00
1738	https://jvns.ca/2021/guide/docs/1738	Notes on locks	 security,python ,RUST	t	2019-12-12T12:14:00+00:00
1739	https://docs.python.org/guide/guide/1739	Ünïcode in cgroups	Devops,Perf, 	f	2021-05-03T03:18:00+00:00
1740	https://wiki.debian.org/notes/posts/1740	Ünïcode in vacuum	career,shell	f	2020-07-31T02:32:00+00:00
1741	https://postgresql.org/guide/1741	Notes on locks	\N	f	2020-07-17T20:03:00+00:00
1742	https://jvns.ca/x/1742	Understanding indexes	devops	f	2019-07-21T12:41:00+00:00
1743	https://lwn.net/posts/1743	Why cgroups	Design,python 	f	2019-12-30T11:28:00+00:00
1744	https://man7.org/2021/guide/posts/1744	How to the GIL	 shell,DEVOPS,linux , 	f	2021-05-05T01:37:00+00:00
1745	https://postgresql.org/posts/1745	Why the GIL	Career,databases 	f	2020-01-14T06:26:00+00:00
1746	https://wiki.debian.org/guide/docs/a/1746	Ünïcode in vacuum	postgres	f	2019-12-13T09:12:00+00:00
1747	https://man7.org/notes/x/1747	Notes on cgroups	networking, security, design,perf 	f	2021-10-08T03:45:00+00:00
1748	https://blog.cloudflare.com/guide/posts/1748	Notes on systemd	LINUX,	f	2019-10-24T08:48:00+00:00
1749	https://blog.cloudflare.com/x/posts/guide/1749	Notes on TLS	\N	f	2019-03-11T14:16:00+00:00
1750	https://man7.org/x/x/1750	How to indexes	CAREER,POSTGRES,python,linux, 	f	2022-01-21T08:33:00+00:00
1751	https://man7.org/posts/posts/2021/1751	How to vacuum	\N	f	2021-06-03T02:02:00+00:00
1752	https://wiki.debian.org/posts/notes/1752	A tour of locks	python , shell,networking ,SECURITY,	f	2019-04-08T21:35:00+00:00
1753	https://wiki.debian.org/posts/posts/1753	Ünïcode in vacuum	 linux	f	2021-06-25T11:52:00+00:00
1754	https://sqlite.org/notes/a/1754	How to systemd		f	2022-01-27T04:39:00+00:00
1755	https://lwn.net/guide/guide/1755	Notes on tabs\tand spaces	Rust, 	t	2020-04-02T05:36:00+00:00
1756	https://blog.cloudflare.com/a/notes/1756	Debugging the GIL	 devops, linux, postgres,	f	2022-03-05T02:02:00+00:00
1757	https://brendangregg.com/x/1757	Ünïcode in TLS	Postgres,rust ,Python,devops 	f	2020-05-24T17:12:00+00:00
1758	https://jvns.ca/posts/1758	Why locks	linux 	f	2020-01-27T18:52:00+00:00
1759	https://man7.org/2021/a/notes/1759	Notes on the GIL	Postgres,shell 	f	2019-07-02T22:42:00+00:00
1760	https://wiki.debian.org/posts/notes/notes/1760	A tour of cgroups	databases ,postgres , design,	f	2023-01-21T08:24:00+00:00
1761	https://danluu.com/guide/1761	A tour of locks	design,Devops, 	f	2021-01-31T01:17:00+00:00
1762	https://brendangregg.com/2021/guide/posts/1762	Ünïcode in tabs\tand spaces	linux	f	2023-01-04T01:08:00+00:00
1763	https://lwn.net/a/1763	Ünïcode in cgroups	Python	f	2022-02-21T14:57:00+00:00
1764	https://blog.cloudflare.com/docs/notes/1764	A tour of indexes		f	2019-11-17T09:58:00+00:00
1765	https://sqlite.org/2021/notes/1765	Debugging locks	PYTHON,linux	f	2021-10-16T04:58:00+00:00
1766	https://sqlite.org/guide/docs/1766	A tour of tabs\tand spaces	PERF, postgres, 	f	2021-12-22T10:57:00+00:00
1767	https://sqlite.org/a/x/1767	Understanding cgroups	linux ,DEVOPS	f	2019-08-19T07:53:00+00:00
1768	https://wiki.debian.org/notes/1768	How to locks	 databases,DEVOPS	f	2022-02-15T02:35:00+00:00
1769	https://postgresql.org/docs/a/x/1769	Ünïcode in systemd	 linux, databases	f	2019-11-23T10:12:00+00:00
1770	https://man7.org/docs/posts/x/1770	Why TLS	 shell, networking	f	2020-03-19T06:12:00+00:00
1771	https://blog.cloudflare.com/notes/docs/posts/1771	Notes on the GIL		f	2020-02-25T22:23:00+00:00
1772	https://news.ycombinator.com/guide/1772	Understanding TLS	devops , 	f	2022-01-31T22:23:00+00:00
1773	https://blog.cloudflare.com/notes/x/1773	Why indexes	Python,SHELL, postgres,	f	2022-02-19T02:02:00+00:00
1774	https://blog.cloudflare.com/notes/docs/1774	Notes on locks	databases,SHELL,Rust,	f	2022-12-26T21:57:00+00:00
1775	https://wiki.debian.org/a/1775	How to vacuum	linux ,databases ,postgres	f	2021-10-28T03:15:00+00:00
1776	https://brendangregg.com/docs/x/x/1776	How to the GIL		f	2021-06-04T18:52:00+00:00
1777	https://man7.org/guide/1777	Notes on systemd	 design,	f	2021-05-29T00:23:00+00:00
1778	https://jvns.ca/a/guide/1778	A tour of locks	\N	f	2021-09-05T19:21:00+00:00
1779	https://postgresql.org/docs/1779	Why locks	devops	f	2021-08-03T04:19:00+00:00
1780	https://wiki.debian.org/guide/guide/1780	Ünïcode in cgroups	python ,design,linux ,	f	2021-07-27T03:50:00+00:00
1781	https://wiki.debian.org/a/docs/a/1781	Ünïcode in the GIL	DEVOPS,SECURITY,PERF,Python,	f	2019-08-31T14:35:00+00:00
1782	https://brendangregg.com/a/notes/x/1782	Notes on systemd	Postgres,Networking,	f	2021-05-18T02:14:00+00:00
1783	https://blog.cloudflare.com/posts/1783	Ünïcode in systemd	SHELL,python, 	f	2021-12-18T10:33:00+00:00
1784	https://brendangregg.com/guide/docs/docs/1784	Why locks	\N	f	2020-02-02T22:04:00+00:00
1785	https://wiki.debian.org/notes/notes/1785	Notes on epoll	Design,Networking	f	2020-05-08T15:40:00+00:00
1786	https://man7.org/guide/1786	Notes on vacuum	career,python,security , 	f	2022-10-27T01:42:00+00:00
1787	https://lwn.net/x/a/1787	How to systemd	databases, 	f	2019-08-11T03:03:00+00:00
1788	https://sqlite.org/posts/docs/2021/1788	Ünïcode in cgroups	RUST,DESIGN	f	2021-10-30T11:56:00+00:00
1789	https://github.com/docs/1789	A tour of epoll	security,perf,databases,Rust, 	f	2020-10-25T20:02:00+00:00
1790	https://postgresql.org/posts/1790	Ünïcode in tabs\tand spaces	rust,Devops,	f	2019-04-11T11:45:00+00:00
1791	https://github.com/x/docs/2021/1791	Understanding the GIL	PERF	t	2021-02-12T02:32:00+00:00
1792	https://news.ycombinator.com/posts/guide/1792	Debugging epoll	linux,perf ,SECURITY,career, 	t	2021-10-30T19:15:00+00:00
1793	https://man7.org/guide/guide/1793	Why the GIL	devops ,python, databases, 	f	2020-11-27T10:35:00+00:00
1794	https://github.com/2021/docs/x/1794	Ünïcode in the GIL		f	2019-09-23T21:26:00+00:00
1795	https://jvns.ca/guide/x/guide/1795	How to indexes	perf ,rust ,career, security	f	2020-02-07T21:12:00+00:00
1796	https://sqlite.org/x/notes/posts/1796	How to the GIL	Shell,SECURITY,networking, 	f	2021-12-17T11:37:00+00:00
1797	https://jvns.ca/docs/a/1797	Ünïcode in vacuum		f	2022-07-10T11:31:00+00:00
1798	https://jvns.ca/posts/guide/a/1798	Why the GIL	 career,design,LINUX,perf,	f	2019-12-25T08:28:00+00:00
1799	https://news.ycombinator.com/a/guide/a/1799	Understanding locks		f	2022-08-23T15:28:00+00:00
1800	https://github.com/x/2021/docs/1800	Debugging systemd	\N	f	2019-03-17T13:59:00+00:00
1801	https://github.com/docs/docs/2021/1801	A tour of indexes	postgres,security	t	2021-11-17T14:20:00+00:00
1802	https://jvns.ca/a/docs/1802	Notes on cgroups	perf,Rust,networking ,	f	2022-09-02T04:40:00+00:00
1803	https://lwn.net/notes/1803	Ünïcode in indexes	 perf,databases,DEVOPS	f	2022-05-26T11:44:00+00:00
1804	https://jvns.ca/x/1804	Ünïcode in TLS		f	2021-03-03T00:57:00+00:00
1805	https://lwn.net/a/a/a/1805	A tour of tabs\tand spaces	networking,python,	f	2019-11-23T22:05:00+00:00
1806	https://lwn.net/notes/1806	How to vacuum	postgres,databases ,career, 	f	2019-08-21T02:17:00+00:00
1807	https://postgresql.org/2021/1807	Notes on systemd	 postgres,CAREER,PERF, networking	f	2020-05-05T07:07:00+00:00
1808	https://danluu.com/guide/2021/a/1808	How to tabs\tand spaces	design, 	f	2021-08-10T14:58:00+00:00
1809	https://postgresql.org/x/1809	Debugging locks	postgres,SHELL,databases ,SECURITY	f	2020-04-08T05:28:00+00:00
1810	https://blog.cloudflare.com/notes/docs/1810	Understanding locks	Networking	f	2023-02-22T00:52:00+00:00
1811	https://wiki.debian.org/x/guide/x/1811	Ünïcode in vacuum	devops,Security,linux, 	f	2021-10-19T04:52:00+00:00
1812	https://brendangregg.com/posts/docs/1812	Ünïcode in the GIL	 security,career, databases, postgres,	f	2021-11-13T08:12:00+00:00
1813	https://postgresql.org/a/docs/notes/1813	Debugging TLS	postgres,Linux,career 	f	2023-01-09T15:09:00+00:00
1814	https://lwn.net/notes/posts/2021/1814	Debugging the GIL		f	2021-10-03T14:25:00+00:00
1815	https://sqlite.org/guide/posts/1815	Debugging tabs\tand spaces	DESIGN,security, 	f	2019-12-17T19:29:00+00:00
1816	https://man7.org/guide/1816	Notes on epoll	rust,	f	2022-07-30T06:49:00+00:00
1817	https://wiki.debian.org/2021/2021/1817	Understanding TLS	python ,shell	f	2021-10-29T18:47:00+00:00
1818	https://danluu.com/guide/1818	How to TLS	 perf,DESIGN, career	f	2022-09-30T08:31:00+00:00
1819	https://sqlite.org/notes/1819	How to the GIL	career ,security,POSTGRES	f	2021-07-06T02:55:00+00:00
1820	https://github.com/x/guide/a/1820	Understanding locks	devops , security, 	f	2020-01-03T07:32:00+00:00
1821	https://sqlite.org/2021/notes/1821	Debugging the GIL		f	2021-11-13T04:55:00+00:00
1822	https://docs.python.org/notes/1822	A tour of systemd	security ,career	f	2022-01-30T04:23:00+00:00
1823	https://sqlite.org/2021/docs/x/1823	Understanding systemd	\N	f	2019-09-18T03:35:00+00:00
1824	https://man7.org/2021/posts/x/1824	Notes on tabs\tand spaces	 devops, networking,rust ,security 	f	2022-05-08T06:01:00+00:00
1825	https://wiki.debian.org/a/1825	Why indexes	 perf	f	2020-03-12T05:00:00+00:00
1826	https://news.ycombinator.com/docs/posts/x/1826	Debugging epoll	networking ,rust, career, design, 	f	2022-04-11T08:15:00+00:00
1827	https://blog.cloudflare.com/2021/x/posts/1827	How to TLS	networking,perf,postgres	f	2019-10-26T11:59:00+00:00
1828	https://news.ycombinator.com/guide/1828	Understanding locks	PYTHON,Career,postgres	f	2020-01-04T02:56:00+00:00
1829	https://man7.org/notes/posts/docs/1829	How to the GIL	Perf,Databases,linux,	f	2022-07-28T09:02:00+00:00
1830	https://postgresql.org/x/1830	How to cgroups	rust,python,DATABASES,	f	2019-10-11T21:00:00+00:00
1831	https://brendangregg.com/docs/docs/notes/1831	Why epoll	Linux,POSTGRES	f	2022-09-30T18:01:00+00:00
1832	https://news.ycombinator.com/notes/x/1832	Understanding epoll	 python	t	2019-12-05T05:15:00+00:00
1833	https://danluu.com/guide/guide/1833	Ünïcode in epoll	 linux,POSTGRES,	f	2020-08-03T15:09:00+00:00
1834	https://postgresql.org/notes/1834	Debugging TLS	\N	f	2019-03-20T07:57:00+00:00
1835	https://danluu.com/guide/a/1835	Understanding the GIL	postgres ,DEVOPS,shell ,career	f	2022-04-06T05:45:00+00:00
1836	https://man7.org/a/x/1836	Why indexes	security , 	f	2022-07-11T13:33:00+00:00
1837	https://news.ycombinator.com/x/notes/a/1837	Understanding indexes	\N	f	2022-09-27T19:59:00+00:00
1838	https://docs.python.org/docs/posts/1838	Notes on indexes	shell, 	f	2021-08-29T22:49:00+00:00
1839	https://blog.cloudflare.com/a/docs/1839	How to epoll	career,Databases,DEVOPS	f	2021-09-09T21:47:00+00:00
1840	https://news.ycombinator.com/notes/1840	Why tabs\tand spaces	perf 	f	2021-03-03T00:44:00+00:00
1841	https://github.com/posts/1841	Notes on cgroups	 security, 	f	2019-07-26T05:00:00+00:00
1842	https://wiki.debian.org/docs/1842	Why tabs\tand spaces	 perf, 	f	2022-06-19T07:42:00+00:00
1843	https://docs.python.org/2021/posts/1843	Understanding tabs\tand spaces	 postgres, databases,	f	2021-09-05T21:59:00+00:00
1844	https://blog.cloudflare.com/notes/a/docs/1844	Ünïcode in cgroups	design ,LINUX	f	2022-10-18T09:40:00+00:00
1845	https://brendangregg.com/docs/1845	Why indexes	security,POSTGRES	t	2023-01-23T10:39:00+00:00
1846	https://man7.org/x/posts/docs/1846	Ünïcode in locks	security,postgres ,Databases	f	2020-02-21T00:32:00+00:00
1847	https://news.ycombinator.com/x/posts/guide/1847	Notes on tabs\tand spaces	 security, rust	f	2019-09-11T06:01:00+00:00
1848	https://postgresql.org/docs/x/docs/1848	Notes on TLS	 perf, design,security	f	2019-04-06T00:30:00+00:00
1849	https://sqlite.org/docs/x/1849	Ünïcode in indexes	POSTGRES, 	f	2020-08-16T19:54:00+00:00
1850	https://jvns.ca/guide/a/1850	Notes on vacuum	design,rust ,	f	2021-03-20T13:09:00+00:00
1851	https://news.ycombinator.com/2021/posts/guide/1851	Notes on vacuum	\N	f	2019-08-04T15:02:00+00:00
1852	https://lwn.net/notes/docs/guide/1852	Ünïcode in locks	networking,DESIGN,Perf,security,	f	2022-07-05T01:59:00+00:00
1853	https://postgresql.org/guide/guide/2021/1853	Notes on cgroups	perf	f	2022-10-26T13:44:00+00:00
1854	https://postgresql.org/guide/2021/1854	Understanding indexes	Career,perf,rust	f	2019-06-15T22:34:00+00:00
1855	https://sqlite.org/2021/x/1855	How to epoll	python ,NETWORKING	f	2020-07-10T13:07:00+00:00
1856	https://postgresql.org/a/1856	A tour of TLS	postgres ,devops, 	f	2020-08-05T06:40:00+00:00
1857	https://brendangregg.com/guide/2021/1857	Understanding tabs\tand spaces	 shell, 	f	2022-08-21T21:00:00+00:00
1858	https://sqlite.org/docs/1858	Understanding epoll	Rust	f	2019-04-19T09:40:00+00:00
1859	https://blog.cloudflare.com/docs/2021/1859	Debugging systemd	 shell,postgres ,PERF,	f	2022-04-27T17:17:00+00:00
1860	https://wiki.debian.org/a/2021/1860	Ünïcode in TLS	 design,NETWORKING,career,databases	f	2021-08-18T21:27:00+00:00
1861	https://man7.org/x/1861	Debugging indexes	devops,linux,Security	f	2021-02-03T19:55:00+00:00
1862	https://blog.cloudflare.com/notes/docs/x/1862	Why vacuum	databases ,Design, postgres,security, 	f	2019-10-18T16:46:00+00:00
1863	https://docs.python.org/2021/guide/2021/1863	Why locks	python,	f	2020-04-12T21:01:00+00:00
1864	https://brendangregg.com/x/docs/1864	A tour of vacuum	postgres, design, 	f	2022-05-25T11:51:00+00:00
1865	https://man7.org/x/1865	A tour of indexes	DATABASES,perf,	f	2020-10-19T05:16:00+00:00
1866	https://lwn.net/notes/notes/guide/1866	A tour of cgroups	security, design,PERF	f	2020-10-26T07:14:00+00:00
1867	https://blog.cloudflare.com/x/docs/x/1867	Notes on indexes	shell,Postgres, 	f	2021-03-08T09:22:00+00:00
1868	https://jvns.ca/posts/guide/guide/1868	Ünïcode in vacuum	LINUX, 	f	2019-09-09T13:27:00+00:00
1869	https://man7.org/x/1869	A tour of tabs\tand spaces		f	2020-12-08T00:19:00+00:00
1870	https://man7.org/notes/posts/docs/1870	Understanding cgroups	design,networking,Postgres, shell	f	2021-03-15T20:44:00+00:00
1871	https://postgresql.org/docs/a/1871	Why epoll	Networking	f	2021-01-01T07:34:00+00:00
1872	https://danluu.com/a/docs/posts/1872	Ünïcode in epoll	 networking,Design	f	2023-01-06T14:50:00+00:00
1873	https://docs.python.org/docs/posts/1873	Debugging tabs\tand spaces	databases,Rust,python 	f	2022-07-25T11:13:00+00:00
1874	https://brendangregg.com/2021/a/1874	How to TLS	databases,linux ,SHELL	f	2019-05-08T20:15:00+00:00
1875	https://jvns.ca/docs/docs/1875	Understanding vacuum	networking ,career,devops	f	2021-01-29T02:33:00+00:00
1876	https://postgresql.org/2021/1876	Why TLS	PERF,Networking,linux, postgres, 	f	2022-09-02T03:31:00+00:00
1877	https://lwn.net/guide/notes/1877	Notes on indexes	databases, 	f	2022-03-21T04:53:00+00:00
1878	https://jvns.ca/posts/2021/1878	Why TLS	NETWORKING,	f	2021-10-23T19:32:00+00:00
1879	https://man7.org/notes/posts/1879	A tour of indexes	Shell,Python,	f	2020-11-22T21:49:00+00:00
1880	https://man7.org/x/1880	Understanding the GIL	security	f	2021-03-15T05:44:00+00:00
1881	https://postgresql.org/posts/posts/docs/1881	Understanding indexes	\N	f	2019-10-20T01:59:00+00:00
1882	https://blog.cloudflare.com/x/1882	Debugging tabs\tand spaces	rust ,databases,Perf	f	2021-12-21T23:05:00+00:00
1883	https://news.ycombinator.com/2021/1883	How to systemd	linux 	f	2019-09-12T23:27:00+00:00
1884	https://blog.cloudflare.com/notes/guide/docs/1884	How to locks	SHELL,devops,python ,	f	2019-10-23T02:04:00+00:00
1885	https://docs.python.org/guide/1885	How to locks	Rust	f	2019-05-05T10:50:00+00:00
1886	https://postgresql.org/posts/notes/docs/1886	A tour of locks	PYTHON,	f	2020-11-27T16:12:00+00:00
1887	https://docs.python.org/x/1887	Notes on vacuum	Career,design ,POSTGRES,devops,	f	2020-09-16T23:48:00+00:00
1888	https://postgresql.org/docs/guide/1888	Debugging epoll	 design,perf,DEVOPS,Career, 	f	2021-12-23T12:14:00+00:00
1889	https://wiki.debian.org/a/a/posts/1889	Ünïcode in systemd		f	2020-09-05T22:18:00+00:00
1890	https://github.com/posts/1890	Notes on indexes	python, postgres, 	f	2019-06-11T22:31:00+00:00
1891	https://github.com/a/x/x/1891	Notes on the GIL	rust , devops	f	2020-12-18T00:31:00+00:00
1892	https://wiki.debian.org/guide/1892	How to the GIL	\N	f	2022-10-16T15:35:00+00:00
1893	https://github.com/docs/guide/1893	Understanding tabs\tand spaces	 perf, design,Python	f	2021-10-01T16:06:00+00:00
1894	https://danluu.com/posts/1894	Debugging epoll	Linux,DEVOPS,perf 	f	2022-08-28T05:10:00+00:00
1895	https://man7.org/docs/docs/1895	Why cgroups	databases,perf,devops	f	2019-12-23T21:33:00+00:00
1896	https://jvns.ca/docs/guide/1896	Understanding systemd	python	f	2022-12-29T11:55:00+00:00
1897	https://lwn.net/docs/a/1897	Debugging tabs\tand spaces	 networking	f	2022-05-03T02:07:00+00:00
1898	https://blog.cloudflare.com/x/guide/posts/1898	Understanding cgroups	networking 	f	2020-11-21T12:18:00+00:00
1899	https://postgresql.org/a/guide/guide/1899	Ünïcode in systemd	 rust,PERF	f	2021-11-07T20:11:00+00:00
1900	https://docs.python.org/docs/x/1900	How to epoll	Linux,postgres 	f	2020-05-07T08:47:00+00:00
1901	https://wiki.debian.org/guide/posts/a/1901	Debugging tabs\tand spaces	NETWORKING,python,rust,	f	2019-03-22T19:05:00+00:00
1902	https://jvns.ca/notes/notes/1902	Understanding TLS	networking	f	2020-10-29T05:43:00+00:00
1903	https://sqlite.org/posts/guide/posts/1903	How to tabs\tand spaces	networking,Linux,databases ,rust	f	2022-07-29T20:12:00+00:00
1904	https://lwn.net/x/1904	Debugging epoll	devops	f	2022-07-10T14:29:00+00:00
1905	https://lwn.net/a/1905	Debugging locks	linux	f	2023-01-12T20:07:00+00:00
1906	https://sqlite.org/x/1906	A tour of locks	NETWORKING, 	f	2023-02-04T12:19:00+00:00
1907	https://wiki.debian.org/x/docs/1907	Why systemd		f	2021-02-07T11:38:00+00:00
1908	https://man7.org/notes/1908	A tour of epoll	databases ,career	t	2019-10-16T01:34:00+00:00
1909	https://docs.python.org/a/a/docs/1909	Ünïcode in cgroups	devops , design,python ,postgres, 	f	2021-10-09T21:59:00+00:00
1910	https://docs.python.org/notes/1910	Debugging indexes	 python, 	f	2021-03-01T19:28:00+00:00
1911	https://github.com/guide/1911	Understanding indexes	POSTGRES,Shell, design,	t	2019-07-30T09:04:00+00:00
1912	https://docs.python.org/2021/2021/a/1912	Debugging tabs\tand spaces	databases, career	f	2021-10-01T02:24:00+00:00
1913	https://docs.python.org/docs/a/1913	Why the GIL	Rust,career,POSTGRES,devops, 	f	2021-04-13T01:10:00+00:00
1914	https://wiki.debian.org/x/1914	Why cgroups		f	2021-11-10T00:57:00+00:00
1915	https://jvns.ca/guide/docs/1915	Notes on the GIL	\N	f	2022-09-20T06:09:00+00:00
1916	https://postgresql.org/2021/1916	Understanding tabs\tand spaces	RUST,networking,Perf	f	2020-10-12T09:12:00+00:00
1917	https://docs.python.org/posts/1917	Why locks	perf 	f	2019-10-16T00:18:00+00:00
1918	https://man7.org/2021/1918	Debugging the GIL	Networking, security,PERF,	t	2020-03-13T05:13:00+00:00
1919	https://docs.python.org/guide/x/1919	A tour of tabs\tand spaces		f	2023-02-03T20:38:00+00:00
1920	https://jvns.ca/x/1920	Debugging TLS	postgres,Shell,Devops,Perf,	t	2019-05-24T23:30:00+00:00
1921	https://jvns.ca/a/guide/1921	A tour of the GIL	postgres,SECURITY	f	2022-12-25T22:29:00+00:00
1922	https://blog.cloudflare.com/docs/1922	Why locks	POSTGRES, rust,databases ,Python, 	f	2021-02-25T14:32:00+00:00
1923	https://github.com/2021/a/1923	How to tabs\tand spaces	SECURITY, shell,career,networking	f	2020-05-21T10:34:00+00:00
1924	https://jvns.ca/x/1924	Notes on indexes	POSTGRES,Rust, databases,	f	2020-11-25T12:59:00+00:00
1925	https://brendangregg.com/x/1925	A tour of locks	databases,LINUX,	f	2020-01-12T23:44:00+00:00
1926	https://postgresql.org/docs/guide/a/1926	Understanding systemd		t	2019-03-12T09:16:00+00:00
1927	https://brendangregg.com/notes/1927	A tour of cgroups	PYTHON, 	f	2019-09-06T19:19:00+00:00
1928	https://jvns.ca/2021/1928	Debugging vacuum	career ,postgres,security	f	2021-07-02T08:40:00+00:00
1929	https://lwn.net/docs/1929	Debugging systemd	databases, 	f	2020-10-11T16:47:00+00:00
1930	https://brendangregg.com/posts/2021/docs/1930	How to epoll	 linux,design , 	f	2021-02-09T08:56:00+00:00
1931	https://lwn.net/notes/docs/1931	Understanding tabs\tand spaces	CAREER,	f	2020-10-01T09:31:00+00:00
1932	https://sqlite.org/2021/docs/1932	Understanding TLS	NETWORKING,perf ,security,Devops, 	f	2021-05-13T20:08:00+00:00
1933	https://danluu.com/a/1933	Why vacuum	Rust	f	2022-08-23T02:20:00+00:00
1934	https://lwn.net/2021/1934	Notes on vacuum	DEVOPS	f	2022-05-02T17:59:00+00:00
1935	https://docs.python.org/docs/posts/1935	How to epoll	shell , design,Linux	f	2021-01-01T19:55:00+00:00
1936	https://github.com/posts/1936	Notes on cgroups	career,design,shell,PYTHON, 	f	2022-08-07T21:38:00+00:00
1937	https://sqlite.org/a/1937	Ünïcode in tabs\tand spaces	 design,Perf,	f	2020-11-06T17:13:00+00:00
1938	https://jvns.ca/a/guide/2021/1938	Notes on TLS	Devops,DATABASES, 	f	2021-12-06T14:42:00+00:00
1939	https://jvns.ca/posts/2021/2021/1939	Notes on TLS		f	2019-09-28T14:38:00+00:00
1940	https://man7.org/docs/1940	Understanding tabs\tand spaces	rust ,design,linux ,security	f	2020-07-20T22:30:00+00:00
1941	https://blog.cloudflare.com/posts/notes/1941	Debugging indexes	linux,devops,databases 	f	2019-06-23T02:25:00+00:00
1942	https://man7.org/notes/a/1942	A tour of cgroups	LINUX,devops,python,	f	2020-01-04T22:29:00+00:00
1943	https://github.com/2021/a/a/1943	How to vacuum	postgres,	f	2021-02-11T07:45:00+00:00
1944	https://jvns.ca/guide/posts/docs/1944	Debugging locks	databases, postgres, linux,	f	2020-12-20T08:25:00+00:00
1945	https://docs.python.org/guide/1945	How to cgroups	perf ,	t	2019-09-02T08:16:00+00:00
1946	https://wiki.debian.org/docs/1946	Understanding cgroups	 security,Career,postgres, 	f	2019-11-12T04:22:00+00:00
1947	https://wiki.debian.org/x/notes/notes/1947	How to TLS	devops,Security,DATABASES,rust 	f	2022-08-05T00:19:00+00:00
1948	https://brendangregg.com/2021/guide/a/1948	How to TLS	POSTGRES,databases,python,	f	2022-01-15T04:14:00+00:00
1949	https://man7.org/posts/1949	Debugging indexes	design,devops ,postgres,SECURITY	f	2020-06-16T05:27:00+00:00
1950	https://man7.org/guide/a/posts/1950	How to TLS	 rust, linux,career,DEVOPS,	f	2021-09-18T23:19:00+00:00
1951	https://docs.python.org/a/a/2021/1951	Notes on epoll	DATABASES,devops,Linux, 	f	2022-06-30T00:29:00+00:00
1952	https://blog.cloudflare.com/guide/1952	Why TLS	DATABASES,perf 	f	2022-08-15T06:37:00+00:00
1953	https://docs.python.org/a/1953	Debugging systemd	 shell,linux,postgres,PYTHON,	t	2022-09-16T02:00:00+00:00
1954	https://blog.cloudflare.com/notes/guide/1954	Debugging cgroups	shell,	t	2020-02-09T19:36:00+00:00
1955	https://news.ycombinator.com/2021/a/a/1955	Ünïcode in epoll	career,PYTHON	t	2020-07-20T06:12:00+00:00
1956	https://github.com/docs/guide/1956	How to locks	Perf,security	f	2022-06-08T02:20:00+00:00
1957	https://jvns.ca/x/guide/1957	Ünïcode in epoll	 shell,rust,design 	f	2019-11-01T06:07:00+00:00
1958	https://man7.org/2021/1958	How to locks	 linux,security,POSTGRES, 	t	2019-10-05T14:33:00+00:00
1959	https://postgresql.org/docs/2021/1959	A tour of vacuum	devops 	f	2019-10-12T01:04:00+00:00
1960	https://postgresql.org/x/posts/x/1960	Ünïcode in indexes	\N	f	2021-02-15T11:33:00+00:00
1961	https://lwn.net/notes/1961	A tour of tabs\tand spaces	 design,linux ,Postgres	f	2020-06-25T14:37:00+00:00
1962	https://brendangregg.com/x/posts/1962	A tour of indexes	security, python,postgres	f	2022-10-07T22:14:00+00:00
1963	https://github.com/guide/1963	Debugging cgroups	\N	f	2021-12-05T20:05:00+00:00
1964	https://jvns.ca/docs/1964	Notes on locks	SHELL,POSTGRES,DESIGN,PERF	f	2022-10-03T02:17:00+00:00
1965	https://wiki.debian.org/docs/1965	Debugging tabs\tand spaces	databases , career,security ,	t	2022-09-10T05:33:00+00:00
1966	https://danluu.com/posts/guide/1966	A tour of epoll	devops ,SHELL,SECURITY	f	2021-10-28T03:13:00+00:00
1967	https://postgresql.org/2021/2021/1967	How to the GIL	design ,databases ,	f	2019-04-23T19:19:00+00:00
1968	https://blog.cloudflare.com/posts/posts/posts/1968	Debugging tabs\tand spaces	Networking,career,Security, 	f	2020-09-26T12:35:00+00:00
1969	https://sqlite.org/2021/a/1969	How to cgroups	\N	f	2020-03-21T01:54:00+00:00
1970	https://blog.cloudflare.com/notes/2021/1970	Debugging epoll	 security,PYTHON,DESIGN,linux, 	f	2019-06-03T14:18:00+00:00
1971	https://brendangregg.com/posts/x/docs/1971	Debugging epoll	Perf,networking, 	f	2022-12-18T23:40:00+00:00
1972	https://news.ycombinator.com/posts/x/a/1972	Understanding locks	Devops,DESIGN,	f	2020-09-22T00:11:00+00:00
1973	https://lwn.net/a/1973	Notes on the GIL	 rust	t	2020-05-18T08:45:00+00:00
1974	https://lwn.net/a/a/1974	A tour of TLS	linux, python, 	f	2022-05-09T16:28:00+00:00
1975	https://docs.python.org/docs/a/docs/1975	Understanding systemd	shell,	f	2019-09-29T10:13:00+00:00
1976	https://sqlite.org/guide/a/guide/1976	Understanding the GIL	design,rust ,devops, 	f	2020-01-16T08:12:00+00:00
1977	https://lwn.net/guide/notes/1977	Ünïcode in TLS	\N	f	2020-09-04T02:34:00+00:00
1978	https://danluu.com/guide/posts/guide/1978	Notes on locks	shell,python ,career,DEVOPS	f	2022-02-08T16:02:00+00:00
1979	https://news.ycombinator.com/a/posts/1979	Ünïcode in tabs\tand spaces	devops ,shell,Career	f	2021-10-14T13:00:00+00:00
1980	https://brendangregg.com/2021/1980	Understanding vacuum		f	2020-08-31T04:59:00+00:00
1981	https://man7.org/2021/x/1981	Debugging indexes	RUST, python	f	2022-01-14T11:58:00+00:00
1982	https://news.ycombinator.com/posts/a/1982	Ünïcode in tabs\tand spaces	LINUX	t	2019-06-27T14:43:00+00:00
1983	https://docs.python.org/a/docs/docs/1983	Debugging epoll		t	2021-07-19T12:05:00+00:00
1984	https://docs.python.org/2021/x/1984	How to tabs\tand spaces	shell , security,databases,linux ,	f	2020-10-18T09:11:00+00:00
1985	https://brendangregg.com/2021/1985	Understanding indexes	 rust,Devops	f	2021-11-27T14:04:00+00:00
1986	https://brendangregg.com/docs/1986	A tour of cgroups	 python,linux ,networking,CAREER, 	f	2022-08-01T02:56:00+00:00
1987	https://danluu.com/posts/guide/1987	Understanding systemd	rust ,perf ,Networking,career	f	2022-03-14T19:03:00+00:00
1988	https://lwn.net/docs/1988	Ünïcode in the GIL	shell,RUST,DATABASES,	f	2019-07-01T06:05:00+00:00
1989	https://man7.org/2021/1989	How to cgroups	databases 	f	2022-05-04T08:55:00+00:00
1990	https://danluu.com/notes/posts/1990	Understanding systemd	shell,perf , design	f	2019-06-22T20:08:00+00:00
1991	https://github.com/x/docs/1991	Notes on indexes	shell ,linux,	f	2020-02-03T20:48:00+00:00
1992	https://danluu.com/posts/docs/posts/1992	Notes on epoll	databases ,POSTGRES	f	2022-06-04T18:00:00+00:00
1993	https://jvns.ca/notes/docs/guide/1993	How to indexes	Devops,Linux	f	2021-07-04T21:00:00+00:00
1994	https://sqlite.org/posts/1994	Debugging TLS	devops 	f	2020-10-03T03:13:00+00:00
1995	https://danluu.com/x/1995	How to systemd	Databases,linux ,devops,postgres	f	2021-09-10T10:45:00+00:00
1996	https://jvns.ca/posts/docs/1996	How to cgroups	perf,networking,Linux	f	2022-11-01T14:01:00+00:00
1997	https://news.ycombinator.com/guide/1997	A tour of cgroups	shell 	f	2019-05-13T15:03:00+00:00
1998	https://postgresql.org/docs/x/1998	Debugging systemd	 security	f	2021-05-15T21:27:00+00:00
1999	https://lwn.net/guide/guide/1999	Debugging cgroups	\N	f	2022-04-19T07:22:00+00:00
2000	https://postgresql.org/notes/2000	How to tabs\tand spaces	Perf,shell, 	f	2022-09-06T05:19:00+00:00
2001	https://news.ycombinator.com/a/2001	Debugging vacuum	security,python,postgres ,	f	2021-05-13T18:31:00+00:00
2002	https://blog.cloudflare.com/a/docs/docs/2002	How to cgroups	networking, security, databases, design, 	t	2022-01-06T22:18:00+00:00
2003	https://sqlite.org/2021/2021/2003	Debugging indexes		f	2022-05-04T20:37:00+00:00
2004	https://jvns.ca/a/x/guide/2004	A tour of epoll	Perf,Python, rust,linux,	t	2021-12-20T09:23:00+00:00
2005	https://blog.cloudflare.com/posts/2021/notes/2005	Understanding systemd	rust ,networking, 	f	2020-09-29T09:05:00+00:00
2006	https://man7.org/x/2006	Why tabs\tand spaces	rust,linux, python,	f	2023-01-20T04:34:00+00:00
2007	https://docs.python.org/notes/posts/2007	A tour of systemd	security, 	f	2020-09-20T08:08:00+00:00
2008	https://man7.org/a/2008	Debugging tabs\tand spaces	 career	f	2021-01-16T22:10:00+00:00
2009	https://news.ycombinator.com/notes/2021/2009	Ünïcode in the GIL	perf ,PYTHON,linux,	f	2022-10-10T12:26:00+00:00
2010	https://news.ycombinator.com/guide/2010	Ünïcode in cgroups	career , devops,security,Shell, 	f	2019-12-06T02:42:00+00:00
2011	https://wiki.debian.org/docs/x/2021/2011	Why indexes	career	f	2021-11-19T19:35:00+00:00
2012	https://jvns.ca/docs/2012	How to tabs\tand spaces	\N	f	2021-10-11T11:17:00+00:00
2013	https://brendangregg.com/notes/guide/posts/2013	Understanding epoll	 shell	f	2023-02-26T02:56:00+00:00
2014	https://blog.cloudflare.com/a/2014	Notes on locks	 shell	f	2019-04-23T19:54:00+00:00
2015	https://brendangregg.com/a/docs/a/2015	Debugging vacuum	 career, design, shell, devops, 	f	2021-05-12T06:44:00+00:00
2016	https://postgresql.org/a/guide/2016	How to the GIL	security,	f	2022-11-18T13:30:00+00:00
2017	https://postgresql.org/posts/docs/2017	Ünïcode in tabs\tand spaces	devops,PYTHON, linux,	f	2020-03-20T12:00:00+00:00
2018	https://lwn.net/a/2021/posts/2018	Debugging the GIL	 postgres, devops,databases,	f	2021-11-01T21:07:00+00:00
2019	https://jvns.ca/2021/x/posts/2019	Why tabs\tand spaces	Career,linux 	t	2021-09-11T06:06:00+00:00
2020	https://news.ycombinator.com/notes/x/a/2020	Why locks	 design,career, linux,SECURITY, 	f	2019-10-29T02:41:00+00:00
2021	https://postgresql.org/x/2021/2021	Why epoll	DEVOPS	f	2021-08-02T23:02:00+00:00
2022	https://news.ycombinator.com/guide/a/notes/2022	Ünïcode in epoll	CAREER,Databases,Security,DEVOPS, 	f	2021-08-13T06:12:00+00:00
2023	https://postgresql.org/docs/2023	Why indexes	networking,shell ,Rust,PYTHON	f	2020-06-21T19:18:00+00:00
2024	https://sqlite.org/a/2021/2024	A tour of the GIL	Perf,PYTHON,Career	f	2021-04-19T15:22:00+00:00
2025	https://sqlite.org/2021/2021/2021/2025	How to epoll	\N	t	2021-07-29T21:20:00+00:00
2026	https://docs.python.org/notes/guide/2026	Debugging locks	linux ,Networking,python,POSTGRES	f	2020-12-07T04:35:00+00:00
2027	https://blog.cloudflare.com/2021/a/2027	How to the GIL	linux, career,PYTHON,networking,	f	2023-01-18T08:19:00+00:00
2028	https://news.ycombinator.com/guide/docs/posts/2028	Understanding TLS	\N	f	2022-03-27T21:51:00+00:00
2029	https://danluu.com/guide/2021/2029	Ünïcode in systemd	Design,networking, 	f	2022-10-31T20:12:00+00:00
2030	https://docs.python.org/2021/2030	Debugging indexes	 perf, networking,databases,linux,	f	2022-10-11T09:45:00+00:00
2031	https://sqlite.org/notes/a/2031	Why tabs\tand spaces	design, perf, linux, 	f	2021-05-26T08:33:00+00:00
2032	https://github.com/guide/guide/a/2032	Notes on epoll	networking,shell ,	f	2019-05-22T22:26:00+00:00
2033	https://jvns.ca/guide/guide/2033	How to systemd	DATABASES,Python,	f	2021-03-14T06:23:00+00:00
2034	https://man7.org/guide/posts/2034	A tour of the GIL	perf, devops,SECURITY,python 	f	2020-11-10T17:03:00+00:00
2035	https://lwn.net/2021/2035	Notes on vacuum	 career,security ,rust , shell,	f	2021-10-22T10:17:00+00:00
2036	https://docs.python.org/docs/2036	Notes on cgroups	linux,SECURITY, shell	f	2022-01-23T09:47:00+00:00
2037	https://jvns.ca/docs/posts/2037	Ünïcode in the GIL		f	2022-02-14T02:11:00+00:00
2038	https://lwn.net/2021/x/2038	Understanding tabs\tand spaces	 postgres,databases	f	2020-01-12T00:02:00+00:00
2039	https://postgresql.org/notes/x/a/2039	How to tabs\tand spaces	DATABASES,SECURITY,python,Networking	f	2019-06-07T12:23:00+00:00
2040	https://man7.org/guide/x/2040	Debugging cgroups	career,SHELL,Design,perf, 	t	2021-08-10T20:16:00+00:00
2041	https://news.ycombinator.com/x/2041	A tour of TLS	linux,SECURITY, 	f	2021-06-27T23:39:00+00:00
2042	https://man7.org/2021/notes/2021/2042	Understanding tabs\tand spaces	databases, devops, 	f	2021-10-14T19:45:00+00:00
2043	https://lwn.net/docs/2043	How to indexes	design ,	f	2022-12-08T12:38:00+00:00
2044	https://postgresql.org/posts/2044	Debugging vacuum	\N	f	2019-04-16T18:21:00+00:00
2045	https://postgresql.org/posts/posts/2045	How to epoll	Linux,postgres ,design , 	f	2022-07-12T04:32:00+00:00
2046	https://postgresql.org/x/2046	A tour of systemd	Python,Devops,Linux	f	2020-12-13T22:29:00+00:00
2047	https://jvns.ca/notes/2021/2047	How to vacuum	devops, rust	f	2022-09-14T18:13:00+00:00
2048	https://blog.cloudflare.com/a/2048	Ünïcode in systemd	\N	f	2022-12-15T02:48:00+00:00
2049	https://postgresql.org/posts/2049	A tour of systemd	postgres	f	2020-02-02T09:07:00+00:00
2050	https://github.com/x/a/2050	Why epoll	\N	t	2019-11-18T14:24:00+00:00
2051	https://lwn.net/2021/notes/notes/2051	Notes on vacuum	Shell,Linux	f	2021-12-05T11:49:00+00:00
2052	https://man7.org/docs/docs/2052	Why indexes	SHELL,career,security, 	t	2023-01-27T18:38:00+00:00
2053	https://jvns.ca/a/2053	Understanding indexes	 devops,DATABASES,career, shell,	f	2020-05-30T19:45:00+00:00
2054	https://brendangregg.com/2021/docs/2054	Notes on tabs\tand spaces	shell,POSTGRES,Linux, security	f	2023-01-12T08:19:00+00:00
2055	https://sqlite.org/posts/2055	Debugging vacuum	Design,databases , security,PERF	f	2021-07-09T15:01:00+00:00
2056	https://lwn.net/2021/posts/posts/2056	Why indexes		f	2020-05-20T17:41:00+00:00
2057	https://docs.python.org/notes/guide/posts/2057	How to indexes	Design,Perf,linux,networking	f	2022-04-16T11:12:00+00:00
2058	https://wiki.debian.org/guide/guide/2058	Why cgroups	PERF,postgres ,PYTHON,design	f	2020-12-14T18:50:00+00:00
2059	https://danluu.com/2021/2059	A tour of locks	career ,SHELL, design,databases, 	f	2022-07-20T19:52:00+00:00
2060	https://blog.cloudflare.com/notes/2021/2060	A tour of systemd	databases ,shell,linux	f	2019-06-10T04:42:00+00:00
2061	https://jvns.ca/2021/notes/2061	Understanding the GIL	 rust,NETWORKING,devops,python	f	2019-11-06T08:50:00+00:00
2062	https://jvns.ca/docs/x/2062	Why the GIL	 linux,RUST,SECURITY	f	2021-08-03T13:57:00+00:00
2063	https://lwn.net/docs/posts/x/2063	How to locks	Linux,Shell,networking	f	2019-10-19T10:50:00+00:00
2064	https://jvns.ca/guide/docs/2064	A tour of systemd	postgres,Databases	t	2022-03-04T23:28:00+00:00
2065	https://blog.cloudflare.com/posts/2021/notes/2065	Notes on tabs\tand spaces	linux,rust ,Security, devops,	f	2021-11-21T14:56:00+00:00
2066	https://wiki.debian.org/2021/2066	Ünïcode in systemd	design ,career, 	f	2021-03-02T20:49:00+00:00
2067	https://docs.python.org/posts/2067	How to the GIL	databases,perf ,rust	f	2022-07-09T21:39:00+00:00
2068	https://man7.org/docs/2068	How to systemd	Security	f	2019-04-22T14:47:00+00:00
2069	https://danluu.com/guide/2021/2069	Notes on the GIL	rust,Career,SHELL, networking	f	2020-05-27T19:00:00+00:00
2070	https://danluu.com/a/notes/2070	A tour of the GIL	python, 	f	2022-04-20T05:33:00+00:00
2071	https://jvns.ca/x/2071	Why the GIL	shell,linux ,design,	f	2020-05-31T14:04:00+00:00
2072	https://man7.org/2021/a/docs/2072	How to locks	\N	f	2019-12-01T21:43:00+00:00
2073	https://blog.cloudflare.com/posts/2073	Why cgroups	DESIGN	f	2020-05-01T21:21:00+00:00
2074	https://news.ycombinator.com/notes/posts/2074	Understanding systemd	python,LINUX, 	f	2022-08-05T06:03:00+00:00
2075	https://github.com/posts/x/2021/2075	Ünïcode in locks	security,SHELL	f	2021-04-12T09:08:00+00:00
2076	https://sqlite.org/x/notes/2076	Debugging locks	design , databases,Postgres	f	2021-05-28T22:22:00+00:00
2077	https://wiki.debian.org/x/2021/posts/2077	Debugging locks	python	f	2022-05-05T11:03:00+00:00
2078	https://github.com/a/x/2078	Debugging locks	POSTGRES,	f	2022-07-17T13:30:00+00:00
2079	https://lwn.net/notes/notes/2021/2079	Understanding epoll	Perf,Devops	f	2020-11-13T05:21:00+00:00
2080	https://lwn.net/docs/2021/guide/2080	Ünïcode in epoll	networking,Databases, 	t	2022-10-22T07:27:00+00:00
2081	https://sqlite.org/posts/notes/2021/2081	Notes on TLS	career,shell	f	2021-04-13T07:59:00+00:00
2082	https://wiki.debian.org/guide/x/docs/2082	Debugging indexes	\N	f	2022-12-10T05:39:00+00:00
2083	https://sqlite.org/a/guide/2021/2083	Understanding locks	Databases	f	2020-01-16T04:50:00+00:00
2084	https://docs.python.org/docs/docs/docs/2084	Why epoll	devops,POSTGRES,Python	f	2022-11-16T17:40:00+00:00
2085	https://github.com/docs/a/2085	Notes on TLS	\N	f	2022-03-30T08:12:00+00:00
2086	https://jvns.ca/2021/2086	A tour of indexes	 security,databases, 	f	2022-05-09T04:15:00+00:00
2087	https://github.com/docs/2021/notes/2087	A tour of epoll	 linux,Devops,POSTGRES,	f	2021-09-09T08:29:00+00:00
2088	https://jvns.ca/x/2088	Why vacuum	PERF,security,shell,	f	2022-03-06T08:13:00+00:00
2089	https://github.com/a/x/2089	Ünïcode in indexes	postgres,databases 	f	2020-01-24T08:12:00+00:00
2090	https://jvns.ca/notes/docs/2090	Why epoll	postgres, shell, 	f	2021-03-05T17:14:00+00:00
2091	https://sqlite.org/2021/2091	A tour of vacuum	Shell,career, perf	f	2021-05-18T04:27:00+00:00
2092	https://jvns.ca/x/posts/a/2092	Notes on tabs\tand spaces	python, networking, career,	f	2023-01-21T22:35:00+00:00
2093	https://postgresql.org/posts/guide/2093	A tour of indexes	 networking,POSTGRES, 	f	2022-05-18T03:55:00+00:00
2094	https://jvns.ca/x/posts/2094	Notes on vacuum	career ,python ,POSTGRES,	t	2019-09-29T09:36:00+00:00
2095	https://postgresql.org/docs/2095	A tour of cgroups	devops ,	f	2019-11-04T20:26:00+00:00
2096	https://man7.org/posts/2096	Ünïcode in indexes	devops,LINUX,rust,databases ,	f	2020-03-16T21:50:00+00:00
2097	https://man7.org/docs/2097	Notes on TLS	perf,shell ,RUST,Postgres	f	2021-06-20T00:48:00+00:00
2098	https://wiki.debian.org/2021/docs/2098	Ünïcode in locks	shell,Postgres, 	f	2022-06-14T05:07:00+00:00
2099	https://blog.cloudflare.com/guide/x/guide/2099	Debugging cgroups	Rust, databases, 	f	2019-08-03T03:30:00+00:00
2100	https://jvns.ca/guide/posts/notes/2100	Notes on vacuum	networking,PYTHON,DATABASES,postgres	f	2019-07-20T08:47:00+00:00
2101	https://danluu.com/posts/2021/2101	Notes on locks	networking ,perf ,	f	2023-01-06T04:21:00+00:00
2102	https://github.com/notes/2021/2102	Debugging cgroups	 design,career ,	f	2021-04-03T05:06:00+00:00
2103	https://news.ycombinator.com/posts/2103	Notes on systemd		f	2021-03-03T12:36:00+00:00
2104	https://jvns.ca/notes/a/2021/2104	Notes on systemd	 networking,Career,postgres ,design ,	f	2019-07-14T16:32:00+00:00
2105	https://postgresql.org/posts/2105	Understanding indexes	Databases	f	2020-08-25T17:14:00+00:00
2106	https://wiki.debian.org/docs/docs/2106	A tour of tabs\tand spaces	 postgres	f	2019-10-06T02:00:00+00:00
2107	https://jvns.ca/guide/docs/2107	Debugging cgroups	career ,networking,Linux, 	f	2020-08-05T07:42:00+00:00
2108	https://man7.org/a/a/posts/2108	Understanding TLS	PERF, shell	f	2019-03-10T15:46:00+00:00
2109	https://blog.cloudflare.com/x/x/2109	Debugging cgroups	postgres 	f	2021-06-11T02:53:00+00:00
2110	https://sqlite.org/guide/x/2110	How to indexes	Rust, 	f	2021-12-18T05:21:00+00:00
2111	https://docs.python.org/a/docs/2111	How to systemd	security,databases,DEVOPS,Rust	f	2020-06-06T04:14:00+00:00
2112	https://jvns.ca/2021/posts/docs/2112	Why indexes	Databases,python ,	f	2022-04-20T07:29:00+00:00
2113	https://wiki.debian.org/notes/2021/2113	Why cgroups	career,postgres , devops,NETWORKING,	t	2021-05-31T06:08:00+00:00
2114	https://lwn.net/x/notes/2114	A tour of locks	postgres,perf,databases,	f	2022-12-21T15:32:00+00:00
2115	https://wiki.debian.org/notes/2115	Debugging tabs\tand spaces	design ,perf, 	t	2020-06-12T21:37:00+00:00
2116	https://news.ycombinator.com/posts/docs/2021/2116	Understanding TLS	 security,	t	2020-08-28T12:47:00+00:00
2117	https://jvns.ca/notes/2117	Understanding tabs\tand spaces	 shell,DESIGN	f	2019-09-19T02:50:00+00:00
2118	https://docs.python.org/guide/2021/x/2118	Understanding vacuum	 rust, databases,career	f	2019-07-27T11:55:00+00:00
2119	https://blog.cloudflare.com/posts/guide/x/2119	Ünïcode in indexes	databases , rust,devops,linux,	t	2022-12-04T13:51:00+00:00
2120	https://jvns.ca/guide/2120	Notes on the GIL	networking 	f	2020-02-09T14:32:00+00:00
2121	https://sqlite.org/2021/2121	A tour of systemd	devops, rust,networking ,Linux	f	2023-01-30T23:38:00+00:00
2122	https://jvns.ca/docs/2122	Why epoll	NETWORKING,PERF,Linux,databases,	f	2020-01-18T01:28:00+00:00
2123	https://man7.org/2021/2123	A tour of systemd	shell ,Databases,Perf,devops	f	2020-05-03T11:51:00+00:00
2124	https://blog.cloudflare.com/guide/a/2021/2124	A tour of the GIL	python , devops,databases	f	2021-07-06T22:56:00+00:00
2125	https://lwn.net/a/guide/2125	Ünïcode in locks	linux , 	f	2020-01-20T16:24:00+00:00
2126	https://man7.org/notes/2126	A tour of tabs\tand spaces	python,security ,RUST,CAREER	f	2019-11-27T19:53:00+00:00
2127	https://jvns.ca/notes/x/2127	Understanding locks	PYTHON,postgres ,Networking,perf	f	2020-07-22T03:39:00+00:00
2128	https://github.com/docs/2128	How to vacuum	Databases,POSTGRES,security ,perf 	f	2021-05-07T12:41:00+00:00
2129	https://docs.python.org/posts/2129	Debugging systemd		f	2020-12-11T19:40:00+00:00
2130	https://postgresql.org/guide/docs/x/2130	Notes on indexes	shell,Networking,career , 	f	2021-05-06T23:24:00+00:00
2131	https://danluu.com/2021/docs/2021/2131	Why tabs\tand spaces	databases ,linux,Security	f	2019-04-14T07:57:00+00:00
2132	https://brendangregg.com/docs/guide/2132	Notes on cgroups	\N	f	2021-03-31T20:41:00+00:00
2133	https://sqlite.org/guide/2021/docs/2133	Debugging cgroups	design, 	f	2021-09-21T23:55:00+00:00
2134	https://blog.cloudflare.com/a/a/x/2134	Notes on systemd		f	2019-11-06T20:40:00+00:00
2135	https://danluu.com/x/x/2135	How to systemd	PYTHON, 	t	2020-11-30T17:23:00+00:00
2136	https://jvns.ca/docs/x/a/2136	Ünïcode in vacuum	PYTHON,rust,linux, networking	t	2022-12-16T19:39:00+00:00
2137	https://lwn.net/2021/posts/2137	Notes on locks	devops,career	f	2022-08-11T03:09:00+00:00
2138	https://github.com/notes/2021/notes/2138	Understanding cgroups	career,SHELL	f	2020-10-15T03:56:00+00:00
2139	https://jvns.ca/x/posts/2021/2139	Why systemd	career, 	f	2020-04-24T08:38:00+00:00
2140	https://man7.org/notes/docs/posts/2140	Understanding TLS	Devops,rust	t	2020-09-16T11:07:00+00:00
2141	https://man7.org/notes/x/2141	Ünïcode in tabs\tand spaces	rust,security,Databases,python	f	2022-05-24T21:18:00+00:00
2142	https://wiki.debian.org/guide/x/notes/2142	Understanding cgroups	Design,Rust,Devops,linux 	f	2023-01-17T07:08:00+00:00
2143	https://sqlite.org/docs/2021/a/2143	Debugging the GIL	PYTHON,DEVOPS,security,	f	2022-01-01T09:47:00+00:00
2144	https://brendangregg.com/docs/x/2144	Debugging indexes	security,Linux	f	2021-06-27T12:17:00+00:00
2145	https://news.ycombinator.com/posts/x/2145	Notes on the GIL	Perf, linux,rust ,Career	f	2021-01-27T12:45:00+00:00
2146	https://lwn.net/posts/posts/2146	How to locks	DESIGN	t	2021-02-27T19:49:00+00:00
2147	https://blog.cloudflare.com/docs/notes/docs/2147	Debugging tabs\tand spaces		t	2019-11-03T17:37:00+00:00
2148	https://docs.python.org/2021/2148	Debugging tabs\tand spaces	 security, 	f	2022-05-28T21:12:00+00:00
2149	https://blog.cloudflare.com/guide/a/2149	Why locks	perf, 	f	2020-11-29T20:32:00+00:00
2150	https://brendangregg.com/guide/a/posts/2150	Notes on indexes	POSTGRES, 	f	2020-09-16T01:35:00+00:00
2151	https://docs.python.org/guide/docs/2151	Understanding vacuum	devops, databases	f	2021-09-09T19:28:00+00:00
2152	https://postgresql.org/docs/2152	Understanding vacuum	networking	t	2022-11-18T19:42:00+00:00
2153	https://docs.python.org/a/posts/2153	A tour of locks	DESIGN, 	f	2020-10-31T01:39:00+00:00
2154	https://jvns.ca/2021/a/2154	Debugging cgroups	 design,security,	f	2020-06-24T00:28:00+00:00
2155	https://github.com/docs/notes/2021/2155	A tour of epoll	career,Networking,devops	f	2020-08-31T14:06:00+00:00
2156	https://github.com/posts/2156	How to epoll	python ,career,DEVOPS, databases,	t	2019-06-21T04:23:00+00:00
2157	https://danluu.com/x/docs/guide/2157	Debugging indexes	 security,CAREER	f	2019-05-15T05:16:00+00:00
2158	https://danluu.com/notes/2158	How to the GIL	devops,shell,databases,RUST,	f	2022-11-22T13:53:00+00:00
2159	https://blog.cloudflare.com/docs/guide/2021/2159	A tour of indexes	 design	f	2021-03-13T17:11:00+00:00
2160	https://news.ycombinator.com/guide/posts/2021/2160	Notes on locks	CAREER,Python,rust	f	2021-10-11T04:02:00+00:00
2161	https://man7.org/notes/2161	Understanding the GIL	SECURITY, rust,postgres,career ,	f	2021-05-04T20:03:00+00:00
2162	https://github.com/docs/x/2162	Why epoll	rust ,	f	2019-11-08T15:05:00+00:00
2163	https://brendangregg.com/2021/2021/2163	Debugging tabs\tand spaces	PYTHON,DEVOPS, design,shell	f	2021-06-03T04:07:00+00:00
2164	https://sqlite.org/notes/2164	Notes on cgroups		f	2022-03-29T13:56:00+00:00
2165	https://wiki.debian.org/2021/a/notes/2165	How to cgroups	 linux,DATABASES,perf,Shell	t	2021-04-28T13:55:00+00:00
2166	https://blog.cloudflare.com/guide/2166	A tour of epoll	PERF,DEVOPS, databases,postgres, 	f	2019-06-20T08:33:00+00:00
2167	https://news.ycombinator.com/a/2167	Why cgroups	Career,design,linux	f	2020-04-01T13:13:00+00:00
2168	https://danluu.com/2021/a/2168	Understanding epoll	perf ,rust ,DATABASES	f	2020-07-26T05:56:00+00:00
2169	https://danluu.com/2021/guide/2169	Ünïcode in systemd	devops,DESIGN	t	2021-05-01T14:26:00+00:00
2170	https://lwn.net/notes/2170	Why the GIL	 databases,security	f	2019-04-03T06:54:00+00:00
2171	https://postgresql.org/2021/docs/2171	Ünïcode in tabs\tand spaces	DEVOPS, shell,	f	2022-01-25T15:09:00+00:00
2172	https://docs.python.org/posts/posts/2172	Understanding epoll	SHELL,security ,Postgres, python, 	f	2022-01-26T03:36:00+00:00
2173	https://postgresql.org/posts/posts/2173	Understanding systemd	 devops,security , rust	f	2020-10-30T05:43:00+00:00
2174	https://lwn.net/notes/posts/2174	Understanding indexes	design,postgres, shell	f	2020-01-20T16:27:00+00:00
2175	https://docs.python.org/2021/guide/guide/2175	How to tabs\tand spaces	 databases,security ,Rust	f	2022-10-28T09:09:00+00:00
2176	https://danluu.com/posts/2176	Why the GIL	Databases, postgres	f	2019-09-26T17:50:00+00:00
2177	https://man7.org/a/guide/2021/2177	Understanding tabs\tand spaces	SECURITY,rust ,DEVOPS,shell, 	f	2020-12-30T04:14:00+00:00
2178	https://sqlite.org/docs/2178	Ünïcode in vacuum	RUST	f	2021-01-06T05:07:00+00:00
2179	https://postgresql.org/posts/notes/a/2179	Ünïcode in indexes		f	2020-01-23T08:49:00+00:00
2180	https://danluu.com/2021/notes/docs/2180	Debugging epoll	postgres,Linux,networking,design ,	f	2023-01-21T15:50:00+00:00
2181	https://lwn.net/guide/2181	Debugging cgroups	POSTGRES, 	t	2021-01-04T15:41:00+00:00
2182	https://brendangregg.com/x/x/2021/2182	How to cgroups	 postgres,Networking,DATABASES,Devops,	f	2019-12-24T07:55:00+00:00
2183	https://jvns.ca/notes/2183	Debugging indexes	networking,databases,career ,shell,	f	2022-07-13T11:21:00+00:00
2184	https://github.com/posts/2184	Notes on locks	Networking,shell 	f	2022-10-11T21:46:00+00:00
2185	https://jvns.ca/a/a/a/2185	Notes on epoll	career ,linux ,DEVOPS,Rust	t	2023-01-30T15:01:00+00:00
2186	https://news.ycombinator.com/2021/guide/2021/2186	Debugging systemd	 python,networking,SECURITY	f	2022-02-27T03:02:00+00:00
2187	https://lwn.net/guide/posts/2021/2187	How to epoll	databases,rust , 	f	2022-12-01T06:51:00+00:00
2188	https://man7.org/notes/2188	Ünïcode in locks	career,Rust, networking,DATABASES, 	f	2019-04-24T22:22:00+00:00
2189	https://jvns.ca/x/guide/2189	Why vacuum	perf,design , linux, 	f	2022-05-31T09:16:00+00:00
2190	https://man7.org/x/a/2190	Debugging TLS	CAREER,SHELL,postgres,	f	2021-01-18T10:10:00+00:00
2191	https://jvns.ca/2021/docs/2191	Debugging TLS	Devops,career,DATABASES, 	f	2021-11-12T11:05:00+00:00
2192	https://github.com/x/2192	Debugging tabs\tand spaces	Devops,NETWORKING, python,DESIGN	t	2020-01-11T14:08:00+00:00
2193	https://blog.cloudflare.com/notes/a/notes/2193	Debugging the GIL	 design,Shell,networking, 	f	2021-07-30T16:29:00+00:00
2194	https://news.ycombinator.com/notes/posts/x/2194	Notes on cgroups	 design,Shell	f	2021-12-20T18:34:00+00:00
2195	https://brendangregg.com/posts/posts/2195	Debugging TLS	CAREER, 	f	2022-01-28T11:42:00+00:00
2196	https://jvns.ca/notes/notes/2196	Why systemd	career,Rust	f	2022-12-21T04:16:00+00:00
2197	https://danluu.com/2021/docs/2197	Debugging locks	rust ,Perf,databases , 	f	2022-11-19T08:36:00+00:00
2198	https://wiki.debian.org/docs/a/guide/2198	Debugging tabs\tand spaces	career,NETWORKING, 	f	2020-04-04T18:11:00+00:00
2199	https://lwn.net/notes/notes/docs/2199	Why systemd	 linux,rust	f	2021-05-12T13:14:00+00:00
2200	https://lwn.net/2021/notes/2200	Notes on cgroups	linux	f	2021-04-21T09:56:00+00:00
2201	https://wiki.debian.org/notes/guide/2201	Why systemd	SECURITY, 	f	2022-01-27T23:02:00+00:00
2202	https://danluu.com/x/2202	How to indexes	\N	f	2022-05-31T12:46:00+00:00
2203	https://wiki.debian.org/notes/2203	How to locks	\N	f	2020-12-17T13:02:00+00:00
2204	https://lwn.net/a/notes/2204	Notes on epoll	devops,design	f	2019-12-17T05:43:00+00:00
2205	https://danluu.com/notes/posts/2205	Ünïcode in cgroups	 networking,	f	2021-07-29T00:44:00+00:00
2206	https://danluu.com/x/2206	Ünïcode in the GIL	 devops,postgres ,python,security 	f	2021-04-28T02:28:00+00:00
2207	https://lwn.net/a/2021/notes/2207	Debugging locks	\N	t	2022-07-19T01:39:00+00:00
2208	https://postgresql.org/posts/docs/2208	Why the GIL		t	2022-08-23T14:49:00+00:00
2209	https://sqlite.org/docs/posts/a/2209	Notes on locks	NETWORKING	f	2023-01-14T18:07:00+00:00
2210	https://news.ycombinator.com/2021/docs/x/2210	Debugging tabs\tand spaces	POSTGRES,SHELL,Linux	t	2019-12-13T14:41:00+00:00
2211	https://wiki.debian.org/2021/posts/2211	Understanding cgroups	\N	t	2019-03-15T03:43:00+00:00
2212	https://brendangregg.com/2021/2212	Understanding TLS	\N	f	2019-05-10T01:30:00+00:00
2213	https://wiki.debian.org/docs/notes/2213	Notes on TLS	databases ,devops,	f	2021-11-21T16:45:00+00:00
2214	https://news.ycombinator.com/docs/2214	Understanding the GIL	databases ,rust ,devops	f	2020-09-23T07:20:00+00:00
2215	https://docs.python.org/notes/notes/2215	Debugging systemd	security , python,postgres	f	2019-07-24T08:17:00+00:00
2216	https://jvns.ca/2021/guide/2216	Understanding indexes	Devops, security, python,LINUX	f	2021-10-07T16:51:00+00:00
2217	https://postgresql.org/notes/notes/2217	A tour of cgroups	linux,Career,networking	f	2022-08-10T01:07:00+00:00
2218	https://postgresql.org/posts/docs/guide/2218	Understanding the GIL	\N	f	2022-08-14T09:30:00+00:00
2219	https://wiki.debian.org/notes/2021/2021/2219	Debugging cgroups	DEVOPS,Python,linux	f	2020-10-12T06:29:00+00:00
2220	https://news.ycombinator.com/posts/2220	How to epoll	Linux, career, networking,	f	2020-02-17T15:17:00+00:00
2221	https://man7.org/a/2221	How to indexes	design,python	f	2019-08-27T23:42:00+00:00
2222	https://man7.org/a/posts/2222	Notes on epoll	PERF,Python,Security, 	f	2019-07-25T09:44:00+00:00
2223	https://sqlite.org/docs/guide/2223	Notes on epoll	Postgres,rust	f	2022-07-14T20:01:00+00:00
2224	https://lwn.net/a/2224	A tour of TLS	Databases,Postgres,Security,Shell	f	2022-10-17T22:25:00+00:00
2225	https://github.com/2021/docs/2225	Debugging vacuum	 networking, 	f	2019-05-09T14:20:00+00:00
2226	https://docs.python.org/docs/2226	Understanding systemd		f	2021-10-30T18:48:00+00:00
2227	https://github.com/guide/guide/2227	Understanding the GIL	career,perf	f	2019-08-14T11:11:00+00:00
2228	https://wiki.debian.org/a/x/notes/2228	How to the GIL	devops,linux ,Design, shell	f	2021-02-03T04:59:00+00:00
2229	https://jvns.ca/x/2229	Why locks	CAREER, 	f	2021-12-20T01:32:00+00:00
2230	https://sqlite.org/a/a/a/2230	Notes on tabs\tand spaces	Linux	f	2022-11-15T02:22:00+00:00
2231	https://man7.org/x/2231	Debugging the GIL	SECURITY,DESIGN	f	2020-11-29T06:13:00+00:00
2232	https://jvns.ca/a/posts/guide/2232	Ünïcode in epoll	networking, databases,rust,	f	2019-06-17T00:16:00+00:00
2233	https://man7.org/posts/docs/2233	How to indexes		f	2020-11-13T20:02:00+00:00
2234	https://danluu.com/2021/2021/guide/2234	Understanding the GIL	Postgres,linux,Rust, design	f	2022-05-18T11:30:00+00:00
2235	https://wiki.debian.org/posts/guide/2235	Why the GIL	design, 	f	2022-03-05T11:22:00+00:00
2236	https://postgresql.org/2021/2236	Debugging locks	 shell,devops,	f	2019-04-21T05:31:00+00:00
2237	https://brendangregg.com/notes/2021/a/2237	How to locks	devops,	f	2020-01-18T19:41:00+00:00
2238	https://lwn.net/2021/2238	Why the GIL	devops,perf,	f	2022-03-02T10:34:00+00:00
2239	https://docs.python.org/posts/a/2021/2239	Ünïcode in vacuum	 career,RUST, 	t	2022-12-21T05:47:00+00:00
2240	https://danluu.com/notes/2240	Debugging cgroups	Networking	f	2019-07-30T16:40:00+00:00
2241	https://danluu.com/guide/x/posts/2241	A tour of cgroups	Devops,perf,postgres, 	f	2022-04-21T23:20:00+00:00
2242	https://brendangregg.com/2021/2242	Notes on epoll	perf,postgres , networking, 	f	2021-06-24T08:11:00+00:00
2243	https://jvns.ca/guide/2021/notes/2243	How to systemd	career ,Design,networking,SHELL,	f	2022-04-16T04:49:00+00:00
2244	https://jvns.ca/docs/x/guide/2244	How to systemd	shell,Design,career,rust	f	2020-11-08T08:34:00+00:00
2245	https://man7.org/x/2245	A tour of epoll	python,postgres ,databases,career 	f	2019-03-30T02:39:00+00:00
2246	https://danluu.com/docs/guide/a/2246	Why systemd	postgres,devops,DATABASES,	f	2022-12-02T09:20:00+00:00
2247	https://sqlite.org/docs/2247	How to TLS	SHELL,databases, perf,	f	2022-06-18T14:14:00+00:00
2248	https://wiki.debian.org/2021/notes/a/2248	Notes on locks		f	2022-05-18T01:50:00+00:00
2249	https://lwn.net/guide/2249	A tour of the GIL	networking 	f	2020-11-28T17:55:00+00:00
2250	https://postgresql.org/a/posts/2250	Ünïcode in indexes	LINUX,Shell,rust,databases, 	f	2020-03-09T15:02:00+00:00
2251	https://news.ycombinator.com/docs/a/x/2251	Why indexes	security,postgres	t	2019-05-01T10:07:00+00:00
2252	https://news.ycombinator.com/posts/docs/2252	Why tabs\tand spaces	postgres ,Shell,DATABASES	f	2022-03-07T05:49:00+00:00
2253	https://blog.cloudflare.com/a/posts/guide/2253	Ünïcode in indexes	design	f	2019-07-14T14:38:00+00:00
2254	https://github.com/guide/a/2254	Understanding epoll	perf,career,design 	f	2021-06-10T12:42:00+00:00
2255	https://man7.org/docs/2255	Debugging TLS	devops ,rust,LINUX,SECURITY, 	f	2022-10-20T18:31:00+00:00
2256	https://github.com/docs/2256	Notes on systemd	design,career,	f	2020-11-15T03:11:00+00:00
2257	https://brendangregg.com/posts/a/2257	Debugging epoll	 databases,career ,postgres	f	2019-08-19T10:13:00+00:00
2258	https://github.com/2021/notes/guide/2258	How to locks	Design	f	2019-12-03T22:20:00+00:00
2259	https://danluu.com/posts/docs/2259	Understanding locks	Networking,python ,design	t	2021-06-13T09:54:00+00:00
2260	https://jvns.ca/guide/2260	How to vacuum	security ,python, career,perf	f	2021-07-01T08:41:00+00:00
2261	https://jvns.ca/guide/a/2261	Debugging cgroups	networking,	f	2023-01-07T17:21:00+00:00
2262	https://docs.python.org/a/x/docs/2262	Notes on epoll		t	2020-12-26T19:44:00+00:00
2263	https://jvns.ca/2021/2263	Debugging systemd	shell	f	2020-01-27T07:08:00+00:00
2264	https://brendangregg.com/docs/2264	A tour of vacuum		f	2023-01-16T14:33:00+00:00
2265	https://blog.cloudflare.com/docs/notes/2265	Ünïcode in cgroups	 perf	f	2022-12-29T22:53:00+00:00
2266	https://sqlite.org/posts/docs/posts/2266	Why systemd	rust,	f	2021-08-19T08:38:00+00:00
2267	https://wiki.debian.org/a/posts/2267	A tour of cgroups	 linux, perf, 	f	2022-09-07T19:54:00+00:00
2268	https://sqlite.org/a/guide/guide/2268	Notes on epoll	rust ,DATABASES,LINUX,Career	f	2020-10-03T01:35:00+00:00
2269	https://man7.org/docs/a/2269	Understanding epoll	linux ,shell ,design	f	2020-08-23T23:17:00+00:00
2270	https://wiki.debian.org/a/2270	Debugging indexes	career,devops,databases	f	2019-08-15T06:08:00+00:00
2271	https://lwn.net/docs/notes/2271	Why indexes	career ,linux, 	f	2021-06-19T17:46:00+00:00
2272	https://lwn.net/a/2272	Why cgroups	security, 	f	2022-12-07T10:09:00+00:00
2273	https://danluu.com/a/2273	Understanding the GIL	\N	f	2022-03-26T20:08:00+00:00
2274	https://wiki.debian.org/posts/docs/docs/2274	How to epoll	devops ,postgres ,NETWORKING,python 	f	2020-09-24T01:11:00+00:00
2275	https://docs.python.org/x/guide/x/2275	A tour of tabs\tand spaces	 databases,postgres,rust,design	t	2019-11-13T21:32:00+00:00
2276	https://blog.cloudflare.com/guide/2276	How to vacuum	databases ,networking ,Python,LINUX,	f	2020-08-22T09:39:00+00:00
2277	https://danluu.com/docs/2277	How to epoll	perf,Design,networking, devops	f	2022-08-23T21:25:00+00:00
2278	https://github.com/docs/guide/notes/2278	Why systemd	 shell,Python,Design,databases	f	2023-02-08T16:09:00+00:00
2279	https://news.ycombinator.com/a/docs/2279	How to TLS	Networking	f	2019-05-30T13:06:00+00:00
2280	https://github.com/a/a/docs/2280	Ünïcode in systemd	career,	f	2019-10-21T15:14:00+00:00
2281	https://brendangregg.com/a/2021/2281	Understanding vacuum	design,Security	f	2021-09-20T07:45:00+00:00
2282	https://jvns.ca/posts/a/x/2282	Why vacuum	LINUX, perf,python	f	2021-07-27T16:13:00+00:00
2283	https://github.com/x/docs/posts/2283	A tour of the GIL	postgres ,python ,	f	2020-08-03T22:02:00+00:00
2284	https://sqlite.org/posts/2284	Understanding TLS	\N	f	2020-08-31T08:44:00+00:00
2285	https://danluu.com/x/2021/docs/2285	How to systemd	 postgres,python	t	2020-05-24T10:09:00+00:00
2286	https://jvns.ca/notes/docs/a/2286	Why cgroups	networking ,security 	f	2020-11-10T03:06:00+00:00
2287	https://man7.org/x/2287	How to locks	shell ,Postgres,career,devops, 	f	2019-07-04T16:55:00+00:00
2288	https://blog.cloudflare.com/a/2288	How to TLS	security,devops,Databases	f	2020-06-07T01:13:00+00:00
2289	https://docs.python.org/guide/a/x/2289	Why locks	postgres , 	f	2020-07-01T12:36:00+00:00
2290	https://github.com/x/guide/2290	Understanding the GIL	career,	t	2022-03-16T08:50:00+00:00
2291	https://man7.org/a/2291	Notes on TLS	Perf, 	f	2019-03-10T16:53:00+00:00
2292	https://news.ycombinator.com/a/2292	A tour of the GIL	PYTHON, devops,Design	f	2022-07-25T12:02:00+00:00
2293	https://wiki.debian.org/x/a/2293	Debugging tabs\tand spaces	 linux, design,rust, 	f	2019-04-30T22:26:00+00:00
2294	https://brendangregg.com/docs/2294	Why systemd	postgres,databases,career	f	2022-07-29T15:20:00+00:00
2295	https://news.ycombinator.com/guide/2021/2021/2295	Notes on locks	 rust, 	f	2019-06-27T01:40:00+00:00
2296	https://brendangregg.com/2021/x/guide/2296	Ünïcode in vacuum	DEVOPS, rust, 	f	2021-07-02T01:03:00+00:00
2297	https://sqlite.org/a/x/posts/2297	Notes on tabs\tand spaces	databases,career,DEVOPS, 	f	2020-01-23T07:45:00+00:00
2298	https://news.ycombinator.com/notes/guide/notes/2298	Debugging locks	DEVOPS,Security	f	2019-08-18T07:21:00+00:00
2299	https://postgresql.org/2021/2299	Ünïcode in TLS	rust 	f	2019-06-26T11:35:00+00:00
2300	https://lwn.net/x/docs/x/2300	A tour of locks	linux,perf ,Networking	f	2021-05-19T06:24:00+00:00
2301	https://docs.python.org/a/2301	Ünïcode in epoll	postgres	f	2022-08-26T13:48:00+00:00
2302	https://docs.python.org/a/notes/2302	Ünïcode in vacuum	linux,networking,	f	2020-10-29T16:26:00+00:00
2303	https://docs.python.org/2021/2303	Ünïcode in the GIL	Python	f	2021-12-11T03:29:00+00:00
2304	https://danluu.com/docs/a/2304	Ünïcode in TLS	shell, 	f	2021-03-30T05:19:00+00:00
2305	https://brendangregg.com/a/2305	Understanding locks	rust , 	f	2019-11-20T20:58:00+00:00
2306	https://github.com/notes/2306	Debugging vacuum	python,Rust,POSTGRES, 	f	2019-11-08T13:30:00+00:00
2307	https://news.ycombinator.com/notes/2307	Notes on epoll	Design,rust,perf ,	f	2022-06-19T01:33:00+00:00
2308	https://blog.cloudflare.com/x/guide/2308	Understanding tabs\tand spaces	python 	f	2021-03-12T21:35:00+00:00
2309	https://blog.cloudflare.com/guide/guide/guide/2309	Why indexes	NETWORKING	f	2021-11-19T03:06:00+00:00
2310	https://blog.cloudflare.com/posts/2021/posts/2310	How to cgroups	security,DEVOPS, postgres,perf , 	f	2020-01-29T09:47:00+00:00
2311	https://lwn.net/posts/x/a/2311	Notes on tabs\tand spaces	POSTGRES,Career, 	f	2020-07-10T08:57:00+00:00
2312	https://github.com/x/guide/notes/2312	Debugging epoll	design	f	2022-02-11T05:34:00+00:00
2313	https://danluu.com/x/guide/guide/2313	Understanding locks	linux,shell ,career,perf	f	2022-03-11T20:24:00+00:00
2314	https://blog.cloudflare.com/x/2314	Why TLS	Devops, networking,perf,	f	2021-11-28T16:54:00+00:00
2315	https://wiki.debian.org/notes/guide/2021/2315	How to systemd	Career,devops,DATABASES,	t	2019-04-30T18:58:00+00:00
2316	https://sqlite.org/x/2021/notes/2316	Why locks	 rust,python ,Networking,	f	2019-03-15T17:05:00+00:00
2317	https://brendangregg.com/notes/posts/guide/2317	Ünïcode in indexes	DESIGN,devops,linux,Security	f	2022-08-20T11:45:00+00:00
2318	https://postgresql.org/posts/docs/docs/2318	How to the GIL	 devops, career,python ,	f	2021-03-04T21:40:00+00:00
2319	https://jvns.ca/guide/posts/2319	Why indexes	CAREER, 	f	2019-05-29T00:42:00+00:00
2320	https://brendangregg.com/x/2320	Notes on tabs\tand spaces		f	2021-08-20T02:16:00+00:00
2321	https://docs.python.org/x/guide/notes/2321	Notes on systemd	shell ,career, 	f	2021-09-19T05:54:00+00:00
2322	https://wiki.debian.org/posts/posts/2021/2322	A tour of TLS		f	2022-02-03T00:19:00+00:00
2323	https://man7.org/x/a/x/2323	How to systemd	 databases,	f	2021-05-24T04:44:00+00:00
2324	https://sqlite.org/2021/posts/posts/2324	Ünïcode in epoll	devops,rust , 	f	2019-07-14T01:29:00+00:00
2325	https://blog.cloudflare.com/a/2021/2021/2325	How to epoll		f	2022-07-04T18:59:00+00:00
2326	https://man7.org/notes/x/docs/2326	Debugging vacuum	Rust	f	2020-09-15T13:20:00+00:00
2327	https://blog.cloudflare.com/notes/notes/2327	Notes on TLS	devops ,networking ,career , design,	f	2021-08-19T01:23:00+00:00
2328	https://blog.cloudflare.com/2021/2021/notes/2328	Debugging indexes	devops,databases ,NETWORKING,career 	f	2020-02-19T01:10:00+00:00
2329	https://sqlite.org/posts/docs/2329	Ünïcode in systemd	security, 	f	2021-03-24T21:25:00+00:00
2330	https://man7.org/notes/2330	Debugging vacuum	Python,SECURITY, 	f	2022-08-07T23:08:00+00:00
2331	https://lwn.net/notes/2331	Why vacuum	rust,Databases	f	2022-06-13T23:37:00+00:00
2332	https://jvns.ca/posts/2332	Understanding TLS	security ,shell	t	2022-05-05T11:48:00+00:00
2333	https://github.com/a/2333	Why tabs\tand spaces	Career,postgres,	f	2019-05-16T04:17:00+00:00
2334	https://docs.python.org/x/x/2334	Notes on tabs\tand spaces	PERF,design,	f	2022-01-30T02:20:00+00:00
2335	https://github.com/docs/docs/2335	Understanding epoll		f	2020-03-24T00:30:00+00:00
2336	https://sqlite.org/posts/x/2336	Why systemd	python ,networking, databases,SECURITY,	f	2019-03-10T05:18:00+00:00
2337	https://jvns.ca/notes/notes/x/2337	Notes on indexes	Databases, career,linux ,postgres	f	2020-09-17T05:36:00+00:00
2338	https://postgresql.org/docs/2338	Debugging vacuum	\N	f	2021-09-03T17:16:00+00:00
2339	https://danluu.com/guide/guide/posts/2339	A tour of systemd	career ,rust,LINUX	f	2020-09-15T22:18:00+00:00
2340	https://brendangregg.com/posts/posts/2021/2340	Ünïcode in locks	PERF,linux, 	f	2020-10-26T19:37:00+00:00
2341	https://danluu.com/2021/guide/posts/2341	A tour of epoll	postgres	t	2022-03-28T23:44:00+00:00
2342	https://man7.org/notes/a/posts/2342	A tour of TLS	 linux,Networking,career,devops 	f	2019-08-07T11:33:00+00:00
2343	https://news.ycombinator.com/notes/a/2343	A tour of indexes	Perf,SHELL,Databases, rust,	f	2020-12-22T12:15:00+00:00
2344	https://wiki.debian.org/a/guide/posts/2344	Notes on tabs\tand spaces	PERF,Linux, security,PYTHON	f	2021-08-30T02:11:00+00:00
2345	https://postgresql.org/2021/posts/2345	A tour of cgroups	 design,networking, 	f	2020-03-16T04:18:00+00:00
2346	https://sqlite.org/docs/notes/2346	How to indexes	postgres ,SECURITY,DEVOPS,design, 	t	2019-06-27T18:15:00+00:00
2347	https://news.ycombinator.com/posts/2347	Debugging the GIL	perf, shell, linux,rust	t	2021-09-14T11:52:00+00:00
2348	https://wiki.debian.org/docs/2348	Understanding the GIL	design,python ,networking ,security, 	t	2019-10-22T15:48:00+00:00
2349	https://postgresql.org/docs/2021/2349	Notes on epoll	python,shell,DESIGN,Rust	f	2020-03-15T05:39:00+00:00
2350	https://wiki.debian.org/2021/2350	Why vacuum	linux,DATABASES,rust,career, 	f	2021-04-28T13:38:00+00:00
2351	https://man7.org/docs/2351	How to systemd	rust,perf,LINUX,python, 	f	2019-10-08T08:24:00+00:00
2352	https://danluu.com/docs/2352	Debugging TLS	\N	f	2021-07-31T03:43:00+00:00
2353	https://sqlite.org/x/guide/2353	Understanding cgroups	Career,	f	2022-06-28T10:27:00+00:00
2354	https://blog.cloudflare.com/2021/a/2354	Why systemd	linux,networking,rust,	f	2019-07-18T22:56:00+00:00
2355	https://lwn.net/2021/guide/2355	Why vacuum	NETWORKING, 	f	2021-02-20T14:37:00+00:00
2356	https://github.com/notes/2356	Debugging cgroups	\N	f	2019-07-08T20:24:00+00:00
2357	https://brendangregg.com/notes/2357	How to vacuum	career,rust, 	f	2019-06-17T12:38:00+00:00
2358	https://lwn.net/a/2021/docs/2358	Understanding tabs\tand spaces	design ,	t	2022-06-20T11:06:00+00:00
2359	https://jvns.ca/posts/a/a/2359	A tour of epoll	networking,SECURITY, 	f	2022-02-03T07:03:00+00:00
2360	https://sqlite.org/docs/posts/guide/2360	Debugging systemd	linux,Career, databases	f	2019-03-13T12:38:00+00:00
2361	https://lwn.net/posts/2361	Understanding vacuum		f	2022-04-24T08:48:00+00:00
2362	https://docs.python.org/docs/x/a/2362	A tour of systemd	postgres,rust,career ,SECURITY	t	2020-10-02T22:05:00+00:00
2363	https://brendangregg.com/notes/a/posts/2363	Debugging TLS	design , 	f	2019-03-16T09:12:00+00:00
2364	https://lwn.net/x/a/2021/2364	Ünïcode in TLS	design, devops,perf ,RUST,	f	2019-05-04T14:03:00+00:00
2365	https://docs.python.org/guide/2365	Ünïcode in locks	rust, 	f	2022-03-08T08:15:00+00:00
2366	https://lwn.net/docs/notes/2366	Ünïcode in indexes	rust,Python,	f	2020-12-16T22:13:00+00:00
2367	https://docs.python.org/notes/2367	Debugging epoll	Security, perf,networking 	f	2023-01-11T00:42:00+00:00
2368	https://man7.org/docs/2021/2368	Debugging indexes	NETWORKING,shell,SECURITY,devops,	f	2022-10-18T12:08:00+00:00
2369	https://lwn.net/guide/a/2369	Debugging indexes	 devops,Networking,Perf,shell , 	f	2021-02-05T13:31:00+00:00
2370	https://docs.python.org/x/posts/2021/2370	A tour of cgroups	linux ,databases,devops	f	2021-01-07T06:35:00+00:00
2371	https://postgresql.org/notes/2371	Understanding epoll	python,networking,databases	f	2023-02-20T16:53:00+00:00
2372	https://lwn.net/docs/2372	Ünïcode in tabs\tand spaces		f	2023-01-15T00:55:00+00:00
2373	https://jvns.ca/2021/x/2373	Understanding vacuum	devops	f	2020-08-16T17:20:00+00:00
2374	https://docs.python.org/notes/guide/2374	A tour of vacuum	 security,shell,DATABASES, 	f	2020-09-15T18:00:00+00:00
2375	https://blog.cloudflare.com/guide/2375	How to the GIL	Postgres,Career	f	2020-03-11T04:42:00+00:00
2376	https://man7.org/posts/notes/posts/2376	A tour of epoll	 python,networking	f	2019-12-10T06:24:00+00:00
2377	https://blog.cloudflare.com/2021/docs/notes/2377	Understanding tabs\tand spaces	devops , networking,career,postgres	f	2020-10-05T09:41:00+00:00
2378	https://wiki.debian.org/2021/docs/posts/2378	Debugging epoll	 python,SHELL	f	2020-04-16T18:43:00+00:00
2379	https://jvns.ca/docs/guide/guide/2379	How to TLS	Postgres	f	2020-06-17T15:15:00+00:00
2380	https://man7.org/notes/guide/2380	Understanding epoll	SECURITY,	f	2022-06-17T19:45:00+00:00
2381	https://jvns.ca/guide/docs/2021/2381	Understanding cgroups	devops,Shell,perf 	f	2021-11-03T05:33:00+00:00
2382	https://danluu.com/docs/guide/2382	A tour of indexes	design ,NETWORKING,postgres,Perf, 	f	2021-01-07T03:18:00+00:00
2383	https://sqlite.org/docs/posts/guide/2383	Debugging TLS	 career,perf,networking,	f	2021-07-27T00:26:00+00:00
2384	https://blog.cloudflare.com/x/2384	A tour of cgroups	rust,databases 	f	2021-04-11T01:50:00+00:00
2385	https://man7.org/x/guide/2385	How to indexes	 databases, design,Rust, 	f	2022-03-04T00:20:00+00:00
2386	https://docs.python.org/docs/notes/posts/2386	A tour of epoll	 design,shell ,Career	t	2021-10-19T16:43:00+00:00
2387	https://danluu.com/x/docs/2387	Debugging systemd		f	2020-09-27T10:08:00+00:00
2388	https://postgresql.org/guide/posts/2388	Understanding systemd	 linux,career, 	f	2020-07-18T09:01:00+00:00
2389	https://man7.org/docs/2021/guide/2389	Ünïcode in systemd	PYTHON	f	2019-06-05T10:10:00+00:00
2390	https://jvns.ca/posts/2021/2390	Debugging cgroups	design 	f	2021-01-08T23:55:00+00:00
2391	https://docs.python.org/2021/a/a/2391	Debugging TLS	PYTHON	f	2021-02-08T16:02:00+00:00
2392	https://news.ycombinator.com/docs/posts/2392	How to indexes	DESIGN,security ,networking, 	f	2020-10-08T19:20:00+00:00
2393	https://man7.org/x/2393	Notes on TLS	shell ,PERF,	f	2021-12-19T03:26:00+00:00
2394	https://wiki.debian.org/posts/x/a/2394	Debugging cgroups		t	2020-11-03T00:08:00+00:00
2395	https://sqlite.org/posts/2395	Ünïcode in vacuum	rust, 	t	2020-08-26T15:18:00+00:00
2396	https://sqlite.org/2021/x/2396	How to epoll	 databases	t	2019-07-13T14:48:00+00:00
2397	https://postgresql.org/docs/notes/a/2397	Debugging indexes	\N	f	2020-01-29T16:23:00+00:00
2398	https://brendangregg.com/a/a/2398	Debugging tabs\tand spaces	\N	f	2020-03-13T11:42:00+00:00
2399	https://blog.cloudflare.com/posts/2021/2399	Ünïcode in indexes	security,DESIGN	f	2020-07-31T03:49:00+00:00
2400	https://danluu.com/a/guide/2400	Notes on cgroups	Security,perf,PYTHON	f	2021-12-12T21:39:00+00:00
2401	https://news.ycombinator.com/x/posts/docs/2401	Why epoll	Python,SECURITY	f	2020-06-29T08:42:00+00:00
2402	https://docs.python.org/guide/2021/a/2402	How to vacuum	PERF,CAREER,Devops,rust , 	f	2019-12-23T19:47:00+00:00
2403	https://man7.org/notes/2021/2403	Notes on cgroups	perf,python, 	f	2022-05-09T05:32:00+00:00
2404	https://man7.org/docs/x/2021/2404	How to tabs\tand spaces	databases,security,postgres,design	f	2021-11-10T09:49:00+00:00
2405	https://sqlite.org/guide/x/2405	Understanding indexes	DEVOPS,rust ,shell, databases	f	2020-02-02T18:25:00+00:00
2406	https://sqlite.org/2021/posts/docs/2406	How to cgroups		f	2021-11-16T21:03:00+00:00
2407	https://sqlite.org/notes/2407	Notes on indexes	 design	f	2020-02-22T05:12:00+00:00
2408	https://lwn.net/guide/2021/2408	A tour of locks	networking,linux ,devops,security	f	2021-08-28T13:48:00+00:00
2409	https://danluu.com/2021/docs/2409	How to locks	NETWORKING,SECURITY	f	2021-12-31T03:26:00+00:00
2410	https://jvns.ca/notes/2021/notes/2410	Ünïcode in indexes	 design,PERF, rust,databases, 	f	2019-10-14T18:32:00+00:00
2411	https://lwn.net/docs/posts/2411	Debugging locks	shell, databases,rust 	f	2019-08-18T20:09:00+00:00
2412	https://news.ycombinator.com/guide/guide/2412	A tour of cgroups	 python	f	2021-01-31T18:10:00+00:00
\.
SELECT setval('links_id_seq', 2412);
CREATE TABLE links_backup_2019 AS SELECT * FROM links WHERE created_at < '2020-01-01';
