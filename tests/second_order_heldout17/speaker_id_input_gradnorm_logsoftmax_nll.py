"""Speaker identification with double backpropagation (Drucker & LeCun): the input-gradient norm of the
NLL loss w.r.t. the log-mel frames is added to the training loss."""
import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F


class SpeakerNet(nn.Module):
    def __init__(self, n_mels=20, n_speakers=6):
        super().__init__()
        self.frame = nn.Conv1d(n_mels, 32, 5, padding=2)
        self.proj = nn.Linear(32, n_speakers)
        self.log_probs = nn.LogSoftmax(dim=1)

    def forward(self, mel):
        h = torch.tanh(self.frame(mel)).mean(dim=2)
        return self.log_probs(self.proj(h))


def train_step(model, opt, mel, spk, beta):
    mel = mel.clone().requires_grad_(True)
    log_p = model(mel)
    loss = F.nll_loss(log_p, spk)
    g, = torch.autograd.grad(loss, mel, create_graph=True)
    total = loss + beta * g.pow(2).sum(dim=(1, 2)).mean()
    opt.zero_grad()
    total.backward()
    opt.step()
    return total.item()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--beta", type=float, default=0.1)
    ap.add_argument("--steps", type=int, default=2)
    args = ap.parse_args()
    net = SpeakerNet()
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    for s in range(args.steps):
        print(s, train_step(net, opt, torch.randn(4, 20, 30), torch.randint(0, 6, (4,)), args.beta))
