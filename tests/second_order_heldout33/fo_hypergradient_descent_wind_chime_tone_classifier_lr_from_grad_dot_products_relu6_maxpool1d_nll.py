"""Wind-chime tone classifier trained with hypergradient descent (Baydin et al.): the learning rate is
adapted from the dot product of consecutive first-order gradients; nothing is differentiated twice."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ChimeNet(nn.Module):
    def __init__(self, n_tones=5):
        super().__init__()
        self.conv = nn.Conv1d(1, 8, 7, padding=3)
        self.act = nn.ReLU6()
        self.pool = nn.MaxPool1d(4)
        self.fc = nn.Linear(8 * 16, n_tones)

    def forward(self, x):
        h = self.pool(self.act(self.conv(x)))
        return F.log_softmax(self.fc(h.flatten(1)), dim=-1)


class HDSGD:
    def __init__(self, params, lr=0.01, hyper_lr=1e-4):
        self.params = list(params)
        self.lr = lr
        self.hyper_lr = hyper_lr
        self.prev = None

    @torch.no_grad()
    def step(self, grads):
        if self.prev is not None:
            h = sum((g * pg).sum() for g, pg in zip(grads, self.prev))
            self.lr = self.lr + self.hyper_lr * h.item()
        for p, g in zip(self.params, grads):
            p.sub_(self.lr * g)
        self.prev = [g.clone() for g in grads]


def main():
    torch.manual_seed(0)
    model = ChimeNet()
    opt = HDSGD(model.parameters())
    for it in range(4):
        x = torch.randn(12, 1, 64)
        y = torch.randint(0, 5, (12,))
        loss = F.nll_loss(model(x), y)
        grads = torch.autograd.grad(loss, opt.params)
        opt.step(grads)
        print(f"it {it} loss {loss.item():.4f} lr {opt.lr:.5f}")


if __name__ == "__main__":
    main()
