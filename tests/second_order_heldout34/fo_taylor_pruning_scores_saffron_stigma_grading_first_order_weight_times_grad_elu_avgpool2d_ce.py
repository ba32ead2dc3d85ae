"""First-order Taylor channel pruning (Molchanov et al.) of a saffron-stigma grading CNN: importance =
(activation * gradient)^2 accumulated from ordinary backward passes, then the weakest channels are masked."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class StigmaCNN(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv1 = nn.Conv2d(3, ch, 3, padding=1)
        self.act = nn.ELU()
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)
        self.fc = nn.Linear(ch, 3)
        self.register_buffer("mask", torch.ones(ch))
        self.saved = None

    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        h = self.act(self.conv2(h)) * self.mask.view(1, -1, 1, 1)
        if h.requires_grad:
            h.retain_grad()
        self.saved = h
        return self.fc(h.mean((2, 3)))


def taylor_scores(model, loader):
    scores = torch.zeros_like(model.mask)
    for x, y in loader:
        model.zero_grad()
        F.cross_entropy(model(x), y).backward()
        a = model.saved
        scores += (a * a.grad).mean((2, 3)).pow(2).mean(0).detach()
    return scores


def main():
    torch.manual_seed(0)
    model = StigmaCNN()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    data = [(torch.randn(8, 3, 8, 8), torch.randint(0, 3, (8,))) for _ in range(3)]
    for x, y in data:
        opt.zero_grad()
        F.cross_entropy(model(x), y).backward()
        opt.step()
    scores = taylor_scores(model, data)
    model.mask[scores.argsort()[:2]] = 0.0
    print("pruned channels:", (model.mask == 0).nonzero().flatten().tolist())


if __name__ == "__main__":
    main()
