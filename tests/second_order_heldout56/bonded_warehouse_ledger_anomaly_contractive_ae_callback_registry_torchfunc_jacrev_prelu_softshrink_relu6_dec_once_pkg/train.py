import torch

from callbacks import REGISTRY
from config import DATA, MODEL, TRAIN
from models import LedgerAutoencoder


def ledger_rows(n):
    qty_in = torch.poisson(torch.full((n,), 20.0))
    qty_out = (qty_in * torch.rand(n)).round()
    value = qty_in * torch.exp(torch.randn(n) * 0.3 + 3.0)
    weight = torch.exp(torch.randn(n) * 0.2)
    dwell = torch.poisson(torch.full((n,), 30.0))
    duty = torch.rand(n) * 0.15
    x_num = torch.stack([qty_in, qty_out, value, weight, dwell, duty], 1)
    x_num = (x_num - x_num.mean(0)) / (x_num.std(0) + 1e-6)
    x_cat = torch.stack([torch.randint(0, c, (n,)) for c in DATA["cat_cards"]], 1)
    return {"x_num": x_num, "x_cat": x_cat}


class Trainer:
    def __init__(self, model, callbacks):
        self.model, self.callbacks = model, callbacks
        self.opt = torch.optim.Adam(model.parameters(), lr=TRAIN["lr"])
        self.threshold = None

    def run(self, steps):
        for step in range(steps):
            batch = ledger_rows(DATA["rows_per_batch"])
            num_err, cat_err = self.model.reconstruction_terms(batch["x_num"], batch["x_cat"])
            losses = {"recon": (num_err + 0.2 * cat_err).mean()}
            for cb in self.callbacks:
                cb.on_before_backward(self, losses, batch)
            self.opt.zero_grad()
            sum(losses.values()).backward()
            self.opt.step()
            for cb in self.callbacks:
                cb.on_epoch_end(self, batch)
            print(step, {k: round(v.item(), 5) for k, v in losses.items()}, "threshold", round(self.threshold, 4))


def main():
    torch.manual_seed(0)
    model = LedgerAutoencoder(DATA, MODEL)
    callbacks = [REGISTRY[name](TRAIN) for name in TRAIN["callbacks"]]
    Trainer(model, callbacks).run(TRAIN["steps"])


if __name__ == "__main__":
    main()
