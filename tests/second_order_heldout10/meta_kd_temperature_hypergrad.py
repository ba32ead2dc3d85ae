# Meta knowledge distillation: the distillation temperature is a meta-parameter tuned on a held-out
# batch through one differentiable SGD step of the student (functional_call on a params dict).
# d L_val / d T needs the mixed second derivative of the distillation loss (student params x T).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class Student(nn.Module):
    def __init__(self, d_in=20, n_cls=5):
        super().__init__()
        self.fc1 = nn.Linear(d_in, 64)
        self.fc2 = nn.Linear(64, n_cls)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


teacher = nn.Sequential(nn.Linear(20, 128), nn.ReLU(), nn.Linear(128, 5)).eval()
student = Student()
log_T = torch.zeros((), requires_grad=True)
opt_s = torch.optim.SGD(student.parameters(), lr=0.1)
opt_T = torch.optim.Adam([log_T], lr=1e-2)
inner_lr = 0.1

for step in range(3):
    x_tr, x_val = torch.randn(32, 20), torch.randn(32, 20)
    y_val = torch.randint(0, 5, (32,))
    with torch.no_grad():
        t_logits = teacher(x_tr)
    T = log_T.exp()
    params = dict(student.named_parameters())
    s_logits = functional_call(student, params, (x_tr,))
    kd = F.kl_div(F.log_softmax(s_logits / T, dim=-1), F.softmax(t_logits / T, dim=-1),
                  reduction="batchmean") * T * T
    grads = torch.autograd.grad(kd, list(params.values()), create_graph=True)
    fast = {k: p - inner_lr * g for (k, p), g in zip(params.items(), grads)}
    val_loss = F.cross_entropy(functional_call(student, fast, (x_val,)), y_val)
    opt_T.zero_grad()
    val_loss.backward(inputs=[log_T])
    opt_T.step()

    opt_s.zero_grad()
    s_logits = student(x_tr)
    kd = F.kl_div(F.log_softmax(s_logits / log_T.exp().detach(), dim=-1),
                  F.softmax(t_logits / log_T.exp().detach(), dim=-1), reduction="batchmean")
    kd.backward()
    opt_s.step()
    print(step, float(val_loss), float(log_T.exp()))
