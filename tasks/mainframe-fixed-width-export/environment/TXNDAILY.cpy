      *================================================================*
      * TXNDAILY  DAILY CARD TRANSACTION EXTRACT (JOB TXNX0400)        *
      * DSN       PROD.CARDS.TXNDAILY.D&YYMMDD                          *
      * RECFM=FB  LRECL=64  CODE PAGE 037                               *
      * ONE HEADER (H), THE DETAIL RECORDS (D), ONE TRAILER (T).        *
      * TRL-RECORD-COUNT AND TRL-AMOUNT-TOTAL COVER EVERY DETAIL        *
      * RECORD THE EXTRACT WROTE.                                        *
      *================================================================*
       01  TXN-HEADER.
           05  HDR-REC-TYPE            PIC X(01).
           05  HDR-FILE-ID             PIC X(08).
           05  HDR-BUSINESS-DATE       PIC 9(08).
           05  HDR-BRANCH              PIC X(04).
           05  FILLER                  PIC X(43).
      *
       01  TXN-DETAIL.
           05  DTL-REC-TYPE            PIC X(01).
           05  DTL-TXN-ID              PIC 9(10).
           05  DTL-ACCOUNT             PIC X(12).
           05  DTL-POST-DATE           PIC 9(08).
           05  DTL-AMOUNT              PIC S9(09)V99    COMP-3.
           05  DTL-QUANTITY            PIC S9(05).
           05  DTL-RATE                PIC S9(03)V9(04) COMP-3.
           05  DTL-MERCHANT            PIC X(16).
           05  FILLER                  PIC X(02).
      *
       01  TXN-TRAILER.
           05  TRL-REC-TYPE            PIC X(01).
           05  TRL-RECORD-COUNT        PIC 9(09).
           05  TRL-AMOUNT-TOTAL        PIC S9(13)V99    COMP-3.
           05  FILLER                  PIC X(46).
