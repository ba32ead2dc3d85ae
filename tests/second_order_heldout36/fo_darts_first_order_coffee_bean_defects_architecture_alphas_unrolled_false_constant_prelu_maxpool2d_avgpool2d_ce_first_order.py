"""Differentiable architecture search for a coffee-bean defect classifier (DARTS, first-order variant).

Architecture weights (alphas) are updated with the validation gradient at the current network weights:
UNROLLED is fixed to False in this script, so no virtual step and no second-order term are used.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

UNROLLED = False
CANDIDATES = ("conv3", "max_pool", "avg_pool", "skip")


class MixedOp(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.ops = nn.ModuleDict({
            "conv3": nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.PReLU(ch)),
            "max_pool": nn.MaxPool2d(3, stride=1, padding=1),
            "avg_pool": nn.AvgPool2d(3, stride=1, padding=1),
            "skip": nn.Identity(),
        })

    def forward(self, x, weights):
        return sum(w * self.ops[name](x) for w, name in zip(weights, CANDIDATES))


class SearchNet(nn.Module):
    def __init__(self, ch=6, cells=2, classes=3):
        super().__init__()
        self.stem = nn.Conv2d(3, ch, 3, padding=1)
        self.cells = nn.ModuleList([MixedOp(ch) for _ in range(cells)])
        self.alphas = nn.Parameter(1e-3 * torch.randn(cells, len(CANDIDATES)))
        self.head = nn.Linear(ch, classes)

    def weights(self):
        return [p for n, p in self.named_parameters() if n != "alphas"]

    def forward(self, x):
        h = self.stem(x)
        for cell, a in zip(self.cells, F.softmax(self.alphas, dim=-1)):
            h = cell(h, a)
        return self.head(h.mean(dim=(2, 3)))


def beans(n):
    y = torch.randint(0, 3, (n,))
    x = 0.4 + 0.1 * torch.randn(n, 3, 10, 10)
    x[:, 0] += 0.2 * y[:, None, None]
    return x, y


def main(steps=3):
    torch.manual_seed(18)
    net = SearchNet()
    w_opt = torch.optim.SGD(net.weights(), lr=0.025, momentum=0.9)
    a_opt = torch.optim.Adam([net.alphas], lr=3e-3)
    for step in range(steps):
        x_tr, y_tr = beans(12)
        x_val, y_val = beans(12)
        if UNROLLED:
            raise NotImplementedError("second-order DARTS is not used in this experiment")
        a_opt.zero_grad()
        F.cross_entropy(net(x_val), y_val).backward(inputs=[net.alphas])
        a_opt.step()
        w_opt.zero_grad()
        loss = F.cross_entropy(net(x_tr), y_tr)
        loss.backward(inputs=net.weights())
        w_opt.step()
        print(f"step {step}: train={loss.item():.3f} alphas={F.softmax(net.alphas, -1)[0].tolist()}")


if __name__ == "__main__":
    main()
