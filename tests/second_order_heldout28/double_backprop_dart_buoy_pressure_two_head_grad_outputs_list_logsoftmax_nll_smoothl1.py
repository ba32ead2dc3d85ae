"""Double backpropagation (Drucker & LeCun) for a two-head DART buoy model.

Input: 40 samples of de-tided bottom-pressure anomaly plus a seismic-trigger flag.
Head 1 classifies the event (tsunami / seismic noise / instrument glitch),
head 2 regresses the open-ocean wave amplitude. The input-gradient penalty is taken
of both losses at once (a list of outputs weighted by grad_outputs).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CLASSES = ("tsunami", "seismic_noise", "glitch")
HPARAMS = dict(hidden=24, lr=2e-3, epochs=3, batch=16, amp_weight=0.5, gradreg=0.05)


class BuoyNet(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.rnn = nn.GRU(input_size=2, hidden_size=hidden, batch_first=True)
        self.norm = nn.LayerNorm(hidden)
        self.cls_head = nn.Linear(hidden, len(CLASSES))
        self.log_softmax = nn.LogSoftmax(dim=-1)
        self.amp_head = nn.Linear(hidden, 1)

    def forward(self, x):
        _, h = self.rnn(x)
        h = self.norm(h[-1])
        return self.log_softmax(self.cls_head(h)), self.amp_head(h).squeeze(-1)


def make_events(n, length=40):
    t = torch.linspace(0, 1, length)
    kind = torch.randint(0, len(CLASSES), (n,))
    amp = 0.05 + 0.5 * torch.rand(n)
    wave = amp[:, None] * torch.sin(2 * torch.pi * 3 * t)[None] * (t[None] > 0.3)
    noise = 0.05 * torch.randn(n, length)
    glitch = (torch.rand(n, length) > 0.95).float() * 0.8
    signal = torch.where(kind[:, None] == 0, wave, torch.where(kind[:, None] == 1, noise * 4, glitch)) + noise
    trigger = (kind != 2).float()[:, None].expand(n, length)
    x = torch.stack([signal, trigger], dim=-1)
    return x, kind, amp * (kind == 0).float()


def main():
    torch.manual_seed(0)
    model = BuoyNet(HPARAMS["hidden"])
    amp_criterion = nn.SmoothL1Loss(beta=0.05)
    opt = torch.optim.AdamW(model.parameters(), lr=HPARAMS["lr"])
    x_all, y_all, a_all = make_events(64)
    for epoch in range(HPARAMS["epochs"]):
        for x, y, a in zip(x_all.split(HPARAMS["batch"]), y_all.split(HPARAMS["batch"]),
                           a_all.split(HPARAMS["batch"])):
            x = x.requires_grad_(True)
            log_probs, amp_pred = model(x)
            loss_cls = F.nll_loss(log_probs, y)
            loss_amp = amp_criterion(amp_pred, a)
            weights = [torch.ones(()), torch.tensor(HPARAMS["amp_weight"])]
            input_grad, = torch.autograd.grad([loss_cls, loss_amp], [x], grad_outputs=weights,
                                              create_graph=True, retain_graph=True)
            penalty = input_grad.pow(2).sum(dim=(1, 2)).mean()
            loss = loss_cls + HPARAMS["amp_weight"] * loss_amp + HPARAMS["gradreg"] * penalty
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} cls {loss_cls.item():.3f} amp {loss_amp.item():.4f} pen {penalty.item():.4f}")


if __name__ == "__main__":
    main()
