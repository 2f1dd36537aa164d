from parlour.cli.main import app

if __name__ == "__main__":
    app(prog_name="parlour")
