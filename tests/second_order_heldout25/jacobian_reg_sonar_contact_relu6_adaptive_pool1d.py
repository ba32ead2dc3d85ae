# Jacobian regularisation (Hoffman, Roberts & Yaida 2019) of a passive-sonar contact classifier:
# random-projection estimate of ||J||_F^2 of logits w.r.t. the hydrophone waveform, one projection per batch.
import torch
import torch.nn as nn
import torch.nn.functional as F

N_CLASSES = 5


class ContactNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.front = nn.Conv1d(1, 16, 9, stride=2, padding=4)
        self.mid = nn.Conv1d(8, 16, 5, padding=2)
        self.clip = nn.ReLU6()
        self.pool = nn.AdaptiveAvgPool1d(4)
        self.cls = nn.Linear(16 * 4, N_CLASSES)

    def forward(self, wav):
        h = F.glu(self.front(wav), dim=1)
        h = self.clip(self.mid(h))
        return self.cls(self.pool(h).flatten(1))


def jacobian_frobenius(logits, inputs):
    v = torch.randn_like(logits)
    v = v / v.norm(dim=1, keepdim=True)
    Jv, = torch.autograd.grad(logits, inputs, grad_outputs=v, create_graph=True)
    return N_CLASSES * Jv.pow(2).sum() / inputs.shape[0]


net = ContactNet()
opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
lambda_jr = 0.01
for batch in range(3):
    wav = torch.randn(8, 1, 128).requires_grad_(True)
    target = torch.randint(0, N_CLASSES, (8,))
    logits = net(wav)
    supervised = F.cross_entropy(logits, target)
    loss = supervised + 0.5 * lambda_jr * jacobian_frobenius(logits, wav)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(batch, supervised.item(), loss.item())
