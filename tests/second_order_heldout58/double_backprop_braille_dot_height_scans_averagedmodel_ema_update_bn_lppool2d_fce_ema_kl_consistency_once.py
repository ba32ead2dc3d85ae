"""Input-gradient (double backprop) regularised classifier for embossed Braille cell height scans.

Each 12x8 height map holds one Braille cell; the class is one of 10 letters. A Polyak/EMA copy
(torch.optim.swa_utils.AveragedModel) provides soft targets for a consistency term and is the model
that gets exported; only the live model carries the input-gradient penalty.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn, update_bn

DOTS = [(2, 2), (2, 5), (6, 2), (6, 5), (10, 2), (10, 5)]
LETTERS = {0: (0,), 1: (0, 2), 2: (0, 1), 3: (0, 1, 3), 4: (0, 3), 5: (0, 1, 2), 6: (0, 1, 2, 3),
           7: (0, 2, 3), 8: (1, 2), 9: (1, 2, 3)}


class CellNet(nn.Module):
    def __init__(self, width=16, n_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, width, 3, padding=1),
            nn.BatchNorm2d(width),
            nn.SiLU(),
            nn.LPPool2d(2, kernel_size=2),
            nn.Conv2d(width, 2 * width, 3, padding=1),
            nn.BatchNorm2d(2 * width),
            nn.ReLU(),
        )
        self.classifier = nn.Linear(2 * width, n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).mean(dim=(2, 3)))


def emboss(labels, noise=0.08):
    n = len(labels)
    yy, xx = torch.meshgrid(torch.arange(12.0), torch.arange(8.0), indexing="ij")
    maps = torch.zeros(n, 12, 8)
    for i, lab in enumerate(labels.tolist()):
        for d in LETTERS[lab]:
            cy, cx = DOTS[d]
            h = 0.5 + 0.1 * torch.rand(())
            maps[i] += h * torch.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / 1.5)
    return (maps + noise * torch.randn_like(maps)).unsqueeze(1)


def make_loader(n, batch):
    y = torch.randint(0, 10, (n,))
    ds = torch.utils.data.TensorDataset(emboss(y), y)
    return torch.utils.data.DataLoader(ds, batch_size=batch, shuffle=True)


def double_backprop_loss(model, x, y, lam):
    x = x.clone().requires_grad_(True)
    ce = F.cross_entropy(model(x), y)
    (gx,) = torch.autograd.grad(ce, x, create_graph=True)
    return ce + lam * gx.pow(2).sum(dim=(1, 2, 3)).mean(), ce


def consistency(model, ema, x, temperature):
    x_aug = torch.roll(x, shifts=1, dims=3) + 0.05 * torch.randn_like(x)
    with torch.no_grad():
        t_logp = F.log_softmax(ema(x_aug) / temperature, dim=-1)
    s_logp = F.log_softmax(model(x_aug) / temperature, dim=-1)
    return F.kl_div(s_logp, t_logp, reduction="batchmean", log_target=True)


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    nll, correct, n = 0.0, 0, 0
    for x, y in loader:
        logp = F.log_softmax(model(x), dim=-1)
        nll += F.nll_loss(logp, y, reduction="sum").item()
        correct += (logp.argmax(-1) == y).sum().item()
        n += len(y)
    return nll / n, correct / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--lam", type=float, default=0.5)
    ap.add_argument("--w-cons", type=float, default=0.3)
    ap.add_argument("--ema-decay", type=float, default=0.95)
    args = ap.parse_args()
    torch.manual_seed(4)
    model = CellNet()
    ema = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(args.ema_decay))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    train, val = make_loader(48, 16), make_loader(32, 16)
    for epoch in range(args.epochs):
        model.train()
        for x, y in train:
            loss, ce = double_backprop_loss(model, x, y, args.lam)
            loss = loss + args.w_cons * consistency(model, ema, x, 2.0)
            opt.zero_grad()
            loss.backward()
            opt.step()
            ema.update_parameters(model)
        update_bn(train, ema)
        nll, acc = evaluate(ema, val)
        print(f"epoch {epoch} ce {ce.item():.4f} ema_val_nll {nll:.4f} ema_val_acc {acc:.2f}")


if __name__ == "__main__":
    main()
