import torch

import models
from meta import lr_hypergradient


def batch(n=8, t=24):
    x = torch.randn(n, 5, t)
    return x, x[:, 0, -3:].mean(-1)


def main():
    net = models.build("conv_gru", hidden=16)
    log_lr = torch.tensor(-3.0, requires_grad=True)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    hyper_opt = torch.optim.Adam([log_lr], lr=1e-2)
    for step in range(2):
        val_loss = lr_hypergradient(net, log_lr, batch(), batch(), first_order=False)
        opt.zero_grad(); hyper_opt.zero_grad()
        val_loss.backward()
        hyper_opt.step(); opt.step()
        print(step, val_loss.item(), log_lr.exp().item())


if __name__ == "__main__":
    main()
