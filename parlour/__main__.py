from parlour.cli.main import app

app(prog_name="parlour")
