"""Train the cellar forecaster and its regulariser jointly (weights and coefficients from the validation loss)."""
import torch

from metareg import ElasticNet, meta_step
from nets import CellarForecaster
from settings import Data, Meta


def cellar_batch():
    t = torch.arange(Data.WINDOW + Data.HORIZON).float()
    phase = torch.rand(Data.BATCH, 1) * 6.28
    series = 12 + torch.sin(t / 4 + phase) + 0.1 * torch.randn(Data.BATCH, len(t))
    return series[:, :Data.WINDOW] - 12, series[:, Data.WINDOW:] - 12


def main():
    torch.manual_seed(0)
    model, reg = CellarForecaster(), ElasticNet()
    opt = torch.optim.Adam(list(model.parameters()) + list(reg.parameters()), lr=Meta.META_LR)
    for epoch in range(Meta.EPOCHS):
        train_loss, val_loss = meta_step(model, reg, cellar_batch(), cellar_batch())
        opt.zero_grad()
        val_loss.backward()
        opt.step()
        print(epoch, train_loss.item(), val_loss.item(), reg.log_l1.item())


if __name__ == "__main__":
    main()
