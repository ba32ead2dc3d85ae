#!/usr/bin/env python
# coding: utf-8

# # Barnacle settlement plates - few-shot species ID per harbour (MAML)
# Each harbour's settlement panels are one task; 5-way, 2-shot.
# Exported from `barnacle_maml.ipynb` (jupyter nbconvert --to script). Helpers live in utils.py / models.py.

# In[1]:


import time

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

from models import Learner
from utils import accuracy, inner_adapt, make_episode

torch.manual_seed(42)


# In[2]:


hp = {
    "n_way": 5,
    "k_shot": 2,
    "k_query": 3,
    "inner_lr": 0.1,
    "inner_steps": 1,
    "meta_lr": 1e-3,
    "meta_batch": 2,
    "first_order": True,
    "iters": 2,
}
HARBOURS = [0.1, 0.3, 0.5, 0.7, 0.9]


# In[3]:


xs, ys, xq, yq = make_episode(hp["n_way"], hp["k_shot"], hp["k_query"], HARBOURS[0])
print(xs.shape, ys.tolist(), xq.shape)


# In[4]:


def run_meta(model, opt, iters):
    for it in range(iters):
        opt.zero_grad()
        accs = []
        for _ in range(hp["meta_batch"]):
            h = HARBOURS[torch.randint(0, len(HARBOURS), (1,)).item()]
            xs, ys, xq, yq = make_episode(hp["n_way"], hp["k_shot"], hp["k_query"], h)
            fast = inner_adapt(model, xs, ys, hp["inner_steps"], hp["inner_lr"], hp["first_order"])
            logits_q = functional_call(model, fast, (xq,))
            loss_q = F.cross_entropy(logits_q, yq, label_smoothing=0.05)
            (loss_q / hp["meta_batch"]).backward()
            accs.append(accuracy(logits_q, yq))
        opt.step()
        print(f"iter {it}  first_order={hp['first_order']}  q_loss {loss_q.item():.4f}  acc {sum(accs) / len(accs):.2f}")


# In[5]:


model = Learner(hp["n_way"], act_layer=nn.ReLU)
opt = torch.optim.Adam(model.parameters(), lr=hp["meta_lr"])
t0 = time.time()
run_meta(model, opt, hp["iters"])
print(f"FOMAML {time.time() - t0:.1f}s")


# In[6]:


# copy of the cell above: PReLU (dead ReLUs on the dark plates) + full second-order MAML
hp["first_order"] = False
hp["iters"] = 3
del model, opt
model = Learner(hp["n_way"], act_layer=nn.PReLU)
opt = torch.optim.Adam(model.parameters(), lr=hp["meta_lr"])
t0 = time.time()
run_meta(model, opt, hp["iters"])
print(f"MAML {time.time() - t0:.1f}s")
assert model.features[0][0].weight.grad is not None


# In[7]:


if 0:
    # ANIL: adapt the head only
    hp["inner_steps"] = 5
    run_meta(model, opt, 10)
