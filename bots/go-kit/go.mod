module baraza-go-kit

go 1.19
