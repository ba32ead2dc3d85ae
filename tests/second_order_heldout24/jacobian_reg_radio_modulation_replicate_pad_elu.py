# Jacobian regularisation (Hoffman, Roberts & Yaida 2019) for an automatic modulation classifier on
# I/Q radio snippets: random projections of the input-output Jacobian, Frobenius norm penalty.
import torch
import torch.nn as nn
import torch.nn.functional as F

N_CLASSES = 6


class IQConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv1d(2, 16, 5)
        self.c2 = nn.Conv1d(16, 16, 5)
        self.fc = nn.Linear(16, N_CLASSES)

    def forward(self, iq):
        h = F.elu(self.c1(F.pad(iq, (2, 2), mode="replicate")))
        h = F.elu(self.c2(F.pad(h, (2, 2), mode="replicate")))
        return self.fc(h.mean(-1))


class JacobianReg(nn.Module):
    def __init__(self, n=1):
        super().__init__()
        self.n = n

    def forward(self, x, y):
        B, C = y.shape
        J2 = 0.0
        for _ in range(self.n):
            v = torch.randn(B, C)
            v = v / v.norm(dim=1, keepdim=True)
            Jv, = torch.autograd.grad(y, x, v, retain_graph=True, create_graph=True)
            J2 += C * Jv.pow(2).sum() / (self.n * B)
        return J2


model = IQConvNet()
reg = JacobianReg()
optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
lambda_JR = 0.01
for step in range(3):
    data = torch.randn(8, 2, 64)
    target = torch.randint(0, N_CLASSES, (8,))
    data.requires_grad = True
    optimizer.zero_grad()
    output = model(data)
    loss_super = F.cross_entropy(output, target)
    R = reg(data, output)
    loss = loss_super + lambda_JR * R
    loss.backward()
    optimizer.step()
