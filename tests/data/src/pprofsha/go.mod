module pprofsha

go 1.19
