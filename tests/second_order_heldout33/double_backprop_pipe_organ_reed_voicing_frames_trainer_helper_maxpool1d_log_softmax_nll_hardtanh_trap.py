"""Classify pipe-organ reed voicing faults from short audio frames, with Drucker-LeCun double backpropagation
(penalise the input gradient of the loss) implemented in a small Trainer class."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ReedNet(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.conv1 = nn.Conv1d(1, 8, 5, padding=2)
        self.pool = nn.MaxPool1d(2)
        self.conv2 = nn.Conv1d(8, 16, 5, padding=2)
        self.clip = nn.Hardtanh(-3.0, 3.0)
        self.fc = nn.Linear(16 * 16, n_classes)

    def forward(self, wave):
        h = self.pool(self.clip(self.conv1(wave)))
        h = self.pool(self.clip(self.conv2(h)))
        return self.fc(h.flatten(1))


def classification_loss(logits, target):
    return F.nll_loss(F.log_softmax(logits, dim=1), target)


def input_gradient_penalty(model, wave, target, loss_fn):
    wave = wave.clone().requires_grad_(True)
    loss = loss_fn(model(wave), target)
    (g,) = torch.autograd.grad(loss, wave, create_graph=True)
    return loss, g.pow(2).sum(dim=(1, 2)).mean()


class Trainer:
    def __init__(self, model, lam=0.5, lr=1e-3):
        self.model = model
        self.lam = lam
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def step(self, wave, target):
        loss, pen = input_gradient_penalty(self.model, wave, target, classification_loss)
        total = loss + self.lam * pen
        self.opt.zero_grad()
        total.backward()
        self.opt.step()
        return loss.item(), pen.item()


def fake_frames(n=12, length=64):
    t = torch.linspace(0, 1, length)
    target = torch.randint(0, 4, (n,))
    f0 = 20 + 5 * target.float()
    wave = torch.sin(f0[:, None] * t[None, :] * 6.28) + 0.05 * torch.randn(n, length)
    return wave[:, None, :], target


def main():
    torch.manual_seed(0)
    trainer = Trainer(ReedNet())
    for epoch in range(3):
        wave, target = fake_frames()
        loss, pen = trainer.step(wave, target)
        print(f"epoch {epoch} nll {loss:.4f} grad-penalty {pen:.5f}")


if __name__ == "__main__":
    main()
