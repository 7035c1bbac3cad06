vitrinePiece("data/ids-00.js",{"a":["",0],"big":["",1],"trip/b":["trip",0],"trip/c":["trip",1]});
