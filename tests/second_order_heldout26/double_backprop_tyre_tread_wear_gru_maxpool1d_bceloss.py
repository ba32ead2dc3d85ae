"""Tyre tread-wear alarm from in-tyre accelerometer bursts, trained with double backpropagation
(Drucker & LeCun 1992): the squared input-gradient of the loss is added to the loss."""
import torch
import torch.nn as nn


class TreadWearNet(nn.Module):
    def __init__(self, ch=8, hidden=12):
        super().__init__()
        self.conv = nn.Conv1d(3, ch, kernel_size=5, padding=2)
        self.pool = nn.MaxPool1d(2)
        self.gru = nn.GRU(ch, hidden, batch_first=True)
        self.head = nn.Sequential(nn.Linear(hidden, 1), nn.Sigmoid())

    def forward(self, x):
        h = self.pool(torch.relu(self.conv(x)))
        _, last = self.gru(h.transpose(1, 2))
        return self.head(last[-1]).squeeze(-1)


def double_backprop_step(model, loss_fn, x, y, lam):
    x = x.clone().requires_grad_(True)
    loss = loss_fn(model(x), y)
    (g,) = torch.autograd.grad(loss, x, create_graph=True)
    penalty = g.pow(2).sum(dim=(1, 2)).mean()
    return loss, loss + lam * penalty


def make_batch(n=8, length=32):
    worn = (torch.rand(n) < 0.5).float()
    t = torch.linspace(0, 1, length)
    base = torch.sin(2 * 3.1416 * 6 * t).expand(n, 3, length)
    x = base * (1 + 0.5 * worn[:, None, None]) + 0.2 * torch.randn(n, 3, length)
    return x, worn


if __name__ == "__main__":
    model = TreadWearNet()
    loss_fn = nn.BCELoss()
    opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    for epoch in range(3):
        x, y = make_batch()
        plain, total = double_backprop_step(model, loss_fn, x, y, lam=0.1)
        opt.zero_grad()
        total.backward()
        opt.step()
        print(epoch, plain.item(), total.item())
