"""ANIL (almost-no-inner-loop) for few-shot bird-call classification: only the head is adapted. This run uses
the first-order approximation, passed as a literal into the adaptation routine."""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_WAY = 5


class CallEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(1, 16, 9, stride=4), nn.Hardswish(), nn.MaxPool1d(2),
            nn.Conv1d(16, 32, 5, stride=2), nn.Hardswish(), nn.AdaptiveAvgPool1d(1))

    def forward(self, wav):
        return self.conv(wav).flatten(1)


def adapt_head(w, b, feats, labels, steps, lr, first_order):
    for _ in range(steps):
        loss = F.cross_entropy(F.linear(feats, w, b), labels)
        gw, gb = torch.autograd.grad(loss, (w, b), create_graph=not first_order)
        w, b = w - lr * gw, b - lr * gb
    return w, b


encoder = CallEncoder()
head_w = nn.Parameter(torch.zeros(N_WAY, 32))
head_b = nn.Parameter(torch.zeros(N_WAY))
opt = torch.optim.Adam(list(encoder.parameters()) + [head_w, head_b], lr=1e-3)
for episode in range(3):
    ys = torch.arange(N_WAY).repeat(2)
    yq = torch.arange(N_WAY).repeat(3)
    fs, fq = encoder(torch.randn(len(ys), 1, 800)), encoder(torch.randn(len(yq), 1, 800))
    w, b = adapt_head(head_w, head_b, fs, ys, steps=3, lr=0.5, first_order=True)
    loss = F.nll_loss(F.log_softmax(F.linear(fq, w, b), dim=-1), yq)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(episode, loss.item())
